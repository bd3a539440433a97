// @vitest-environment happy-dom
// A long list in the page: the search field takes what is typed, the list narrows, a click chooses.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Select } from './select';

afterEach(cleanup);

const sites = [
  'Entrepôt frigorifique du Grand-Quevilly',
  'Siège Banque Méridia',
  "Tour d'affaires Part-Dieu",
  ...Array.from({ length: 200 }, (_, i) => `Résidence ${i + 1}`),
].map((label, i) => ({ value: `s${i}`, label }));

function SitePicker() {
  const [value, setValue] = useState('s1');
  return (
    <>
      <Select aria-label="Site" options={sites} value={value} onValueChange={setValue} />
      <p>Choisi : {value}</p>
    </>
  );
}

describe('a long select list', () => {
  it('narrows as one types, accents aside, and keeps the choice', async () => {
    const user = userEvent.setup();
    render(<SitePicker />);
    await user.click(screen.getByRole('combobox', { name: 'Site' }));
    const field = await screen.findByRole('searchbox', { name: 'Rechercher dans la liste' });
    // 100 rendered, the chosen one among them, and the rest counted.
    expect(screen.getAllByRole('option')).toHaveLength(100);
    expect(screen.getByText('103 autres : précisez la recherche')).toBeTruthy();
    await user.type(field, 'entrepot');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Entrepôt frigorifique du Grand-Quevilly',
        'Siège Banque Méridia',
      ]),
    );
    await user.click(screen.getByRole('option', { name: 'Entrepôt frigorifique du Grand-Quevilly' }));
    expect(screen.getByText('Choisi : s0')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Site' }).textContent).toContain('Entrepôt frigorifique');
  });
});
