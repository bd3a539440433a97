// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Component as ReactComponent, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

afterEach(cleanup);

const Page = () => <h1>Tableau de bord</h1>;

/** A module whose loading the test finishes when it wants. */
function deferredModule() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<{ Component: typeof Page }>((ok, fail) => {
    resolve = () => ok({ Component: Page });
    reject = fail;
  });
  return { load: vi.fn(() => promise), resolve, reject };
}

class Boundary extends ReactComponent<{ children: ReactNode }, { error: string | null }> {
  override state: { error: string | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>Erreur : {this.state.error}</p> : this.props.children;
  }
}

describe('lazy pages', () => {
  it('shows the fallback, then the page once its module arrives', async () => {
    const module = deferredModule();
    const Lazy = lazyPage(module.load, <p>Chargement…</p>);
    render(<Lazy />);
    expect(screen.getByText('Chargement…')).toBeTruthy();
    module.resolve();
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.queryByText('Chargement…')).toBeNull();
  });

  it('renders at once, without its fallback, when preloaded; the module is fetched once', async () => {
    const module = deferredModule();
    const Lazy = lazyPage(module.load, <p>Chargement…</p>);
    const preloaded = Lazy.preload();
    module.resolve();
    await preloaded;
    render(<Lazy />);
    expect(screen.getByRole('heading', { name: 'Tableau de bord' })).toBeTruthy();
    expect(screen.queryByText('Chargement…')).toBeNull();
    await Lazy.preload();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('hands a module that cannot be fetched to the error boundary, and tries again later', async () => {
    const failing = deferredModule();
    const load = vi.fn(failing.load);
    const Lazy = lazyPage(load, <p>Chargement…</p>);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Lazy />
      </Boundary>,
    );
    failing.reject(new Error('chunk introuvable'));
    expect(await screen.findByText('Erreur : chunk introuvable')).toBeTruthy();
    await Lazy.preload().catch(() => undefined);
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
