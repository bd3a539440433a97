// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, type PagedList } from './load-more';

afterEach(cleanup);

const list = (over: Partial<PagedList> = {}): PagedList => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(async () => undefined),
  ...over,
});

describe('LoadMore', () => {
  it('asks for the next page, and says so while it loads', async () => {
    const paged = list();
    const { rerender } = render(<LoadMore list={paged} />);
    await userEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(paged.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<LoadMore list={{ ...paged, isFetchingNextPage: true }} />);
    const button = screen.getByRole('button', { name: 'Chargement...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('is gone at the end of the list, and keeps its own label', () => {
    const { rerender } = render(<LoadMore list={list({ hasNextPage: false })} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<LoadMore list={list()} label="Afficher plus" />);
    expect(screen.getByRole('button', { name: 'Afficher plus' })).toBeTruthy();
  });

  it('says in French that the next page failed, and lets it be asked again', () => {
    render(<LoadMore list={list({ isFetchNextPageError: true })} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Impossible de charger la suite de la liste : réessayez.',
    );
    expect(screen.getByRole('button', { name: 'Charger plus' })).toBeTruthy();
  });
});
