// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { type DataColumn, DataList, TruncatedText } from './data-list';

afterEach(cleanup);

type Camera = { id: string; name: string; site: string; ip: string };

const cameras: Camera[] = [
  { id: '1', name: 'Caméra quai nord', site: 'Entrepôt de Rungis', ip: '192.168.10.64' },
  { id: '2', name: 'Caméra hall', site: 'Siège Méridia', ip: '192.168.11.21' },
];

const columns: DataColumn<Camera>[] = [
  { id: 'site', header: 'Site', cell: (c) => c.site },
  { id: 'name', header: 'Caméra', primary: true, cell: (c) => c.name },
  { id: 'ip', header: 'IP', hideOnCard: true, cell: (c) => c.ip },
  {
    id: 'actions',
    header: 'Actions',
    srOnlyHeader: true,
    actions: true,
    cell: (c) => <Button aria-label={`Voir ${c.name}`}>Voir</Button>,
  },
];

const renderList = () =>
  render(
    <DataList
      caption="Liste des caméras"
      columns={columns}
      rows={cameras}
      rowKey={(c) => c.id}
      rowProps={(c) => ({ 'data-testid': 'camera-row', 'data-id': c.id })}
    />,
  );

describe('DataList', () => {
  it('is one table named by its caption, with a row per item and its cells under their headings', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Liste des caméras' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Site', 'Caméra', 'IP', 'Actions']);
    // One header row and one row per item: each item is in the page once, whatever the width.
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const rows = screen.getAllByTestId('camera-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['1', '2']);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')).toHaveLength(4);
    expect(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Voir Caméra quai nord' }),
    ).toBeTruthy();
  });

  it('labels the card fields for the eye only, leaves the title and actions unlabelled, and marks what a card hides', () => {
    renderList();
    const row = screen.getAllByTestId('camera-row')[0] as HTMLElement;
    const [site, name, ip, actions] = within(row).getAllByRole('cell') as HTMLElement[];
    // A field repeats its heading as a visible label on the card, hidden from screen readers
    // (they hear the column heading).
    const label = site?.querySelector('[aria-hidden="true"]');
    expect(label?.textContent).toBe('Site');
    expect(name?.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(actions?.querySelector('[aria-hidden="true"]')).toBeNull();
    // Card layout: the title first, the actions last, the hidden column gone — CSS only.
    expect(name?.className).toContain('@max-3xl:order-first');
    expect(actions?.className).toContain('@max-3xl:order-last');
    expect(ip?.className).toContain('@max-3xl:hidden');
    expect(site?.className).not.toContain('@max-3xl:hidden');
  });

  it('answers to the width of its own box (a container query), not only to the screen', () => {
    const { container } = renderList();
    expect(container.firstElementChild?.className).toContain('@container');
  });
});

describe('TruncatedText', () => {
  it('keeps the whole text for screen readers and on hover', () => {
    render(<TruncatedText text="Résidence Les Jardins de Vincennes" />);
    const text = screen.getByText('Résidence Les Jardins de Vincennes');
    expect(text.getAttribute('title')).toBe('Résidence Les Jardins de Vincennes');
    expect(text.className).toContain('truncate');
  });
});
