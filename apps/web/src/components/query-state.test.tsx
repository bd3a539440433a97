// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Building2 } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_ERROR } from '../lib/api-errors';
import { type QueryLike, QueryState } from './query-state';

afterEach(cleanup);

type Sites = { items: string[] };

const query = (over: Partial<QueryLike<Sites>> = {}): QueryLike<Sites> => ({
  data: undefined,
  error: null,
  isPending: false,
  refetch: vi.fn(async () => undefined),
  ...over,
});

const empty = {
  when: (data: Sites) => data.items.length === 0,
  icon: Building2,
  title: 'Aucun site trouvé',
  hint: 'Créez votre premier site avec « Nouveau site ».',
};

function Sites({ of }: { of: QueryLike<Sites> }) {
  return (
    <QueryState
      query={of}
      loading="Chargement des sites…"
      error="Impossible de charger les sites"
      empty={empty}
    >
      {(data) => (
        <ul aria-label="Sites">
          {data.items.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('says it is loading to screen readers, and nothing else', () => {
    render(<Sites of={query({ isPending: true })} />);
    expect(screen.getByRole('status').textContent).toBe('Chargement des sites…');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("says what could not load with the server's French reason, and « Réessayer » asks again", async () => {
    const failed = query({
      error: new ApiError(503, 'Service momentanément indisponible', 'Service momentanément indisponible'),
    });
    render(<Sites of={failed} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Impossible de charger les sites')).toBeTruthy();
    expect(within(alert).getByText('Service momentanément indisponible')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('gives no reason when the server gave none (a generic answer or a thrown error)', () => {
    const { rerender } = render(<Sites of={query({ error: new ApiError(500, null, GENERIC_ERROR) })} />);
    expect(screen.getByRole('alert').textContent).toBe('Impossible de charger les sites');
    rerender(<Sites of={query({ error: new TypeError('Failed to fetch') })} />);
    expect(screen.getByRole('alert').textContent).toBe('Impossible de charger les sites');
  });

  it('says the list is empty, with its hint', () => {
    render(<Sites of={query({ data: { items: [] } })} />);
    expect(screen.getByText('Aucun site trouvé')).toBeTruthy();
    expect(screen.getByText('Créez votre premier site avec « Nouveau site ».')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the data, and keeps it when a later refresh fails', () => {
    const data = { items: ['Entrepôt Nord', 'Résidence Les Pins'] };
    const { rerender } = render(<Sites of={query({ data })} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Entrepôt Nord',
      'Résidence Les Pins',
    ]);
    rerender(<Sites of={query({ data, error: new ApiError(503, null, 'Service indisponible') })} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes a plain empty condition and plain children', () => {
    render(
      <QueryState
        query={query({ data: { items: ['Entrepôt Nord'] } })}
        layout="card"
        loading="Chargement…"
        error="Impossible de charger"
        empty={{ when: false, title: 'Aucun site' }}
      >
        <p>La liste</p>
      </QueryState>,
    );
    expect(screen.getByText('La liste')).toBeTruthy();
    expect(screen.queryByText('Aucun site')).toBeNull();
  });

  it('draws the same states in a card and inline', () => {
    for (const layout of ['card', 'inline'] as const) {
      const { unmount } = render(
        <QueryState
          query={query({
            error: new ApiError(0, null, 'Le serveur est injoignable. Vérifiez votre connexion.'),
          })}
          layout={layout}
          loading="Chargement des gardes…"
          error="Impossible de charger les gardes"
        >
          {() => null}
        </QueryState>,
      );
      const alert = screen.getByRole('alert');
      expect(within(alert).getByText('Impossible de charger les gardes')).toBeTruthy();
      expect(within(alert).getByText('Le serveur est injoignable. Vérifiez votre connexion.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
      unmount();
    }
  });
});
