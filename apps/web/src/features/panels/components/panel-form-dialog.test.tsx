// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PanelDto } from '@vigie/contract/panels.contract';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, stubFetch } from '../../../test/render';
import { PanelFormDialog } from './panel-form-dialog';

cleanupAfterEach();

const siteId = '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f';
const sites = [{ value: siteId, label: 'Entrepôt Nord' }];

const panel = (over: Partial<PanelDto> = {}): PanelDto => ({
  id: '1d5c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  siteId,
  siteName: 'Entrepôt Nord',
  name: 'Centrale Ajax',
  account: '1234',
  hasAesKey: true,
  supervisionMinutes: 30,
  zones: [{ number: 1, name: "Porte d'entrée" }],
  testUntil: null,
  inTest: false,
  lastSignalAt: null,
  linkState: 'unknown',
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  ...over,
});

const saved = (body: unknown) => ({ status: 201, body: { ...panel(), ...(body as object) } });

async function fillNew(dialog: HTMLElement, { account = '1234', key = '' } = {}) {
  await userEvent.type(within(dialog).getByLabelText('Nom de la centrale'), 'Centrale Ajax');
  await userEvent.type(within(dialog).getByLabelText('Numéro de compte'), account);
  if (key) await userEvent.type(within(dialog).getByLabelText('Clé AES'), key);
}

describe('PanelFormDialog: the form checks in French before calling the server', () => {
  it('refuses an account that is not 3 to 16 hexadecimal characters', async () => {
    const api = stubFetch({});
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} />);
    const dialog = screen.getByRole('dialog');
    await fillNew(dialog, { account: '12G4' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    expect(
      await within(dialog).findByText('Numéro de compte invalide (3 à 16 caractères hexadécimaux)'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Numéro de compte').getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(within(dialog).getByLabelText('Numéro de compte'));
    await userEvent.type(within(dialog).getByLabelText('Numéro de compte'), '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    expect(
      await within(dialog).findByText('Numéro de compte invalide (3 à 16 caractères hexadécimaux)'),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['31 hexadecimal characters', '0123456789ABCDEF0123456789ABCDE'],
    ['15 ASCII characters', 'cle-de-15-chars'],
    ['40 hexadecimal characters', '0123456789abcdef0123456789abcdef01234567'],
    ['a non-ASCII character', 'clé-de-16-chars!'],
  ])('refuses an AES key of %s', async (_, key) => {
    const api = stubFetch({});
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} />);
    const dialog = screen.getByRole('dialog');
    await fillNew(dialog, { key });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    expect(
      await within(dialog).findByText(
        'Clé AES invalide : 32, 48 ou 64 caractères hexadécimaux, ou 16, 24 ou 32 caractères ASCII',
      ),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['AES-128 in hexadecimal', '000102030405060708090A0B0C0D0E0F'],
    ['AES-192 in hexadecimal', '000102030405060708090a0b0c0d0e0f1011121314151617'],
    ['AES-256 in hexadecimal', '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'],
    ['AES-128 in ASCII', 'Vigie-cle-16-car'],
    ['AES-192 in ASCII', 'Vigie cle de 24 car !!!!'],
    ['AES-256 in ASCII', 'Vigie, une cle de 32 caracteres!'],
  ])('sends an %s key with the new panel, the account in upper case', async (_, key) => {
    const api = stubFetch({ 'POST /api/panels': ({ body }) => saved(body) });
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} />);
    const dialog = screen.getByRole('dialog');
    await fillNew(dialog, { account: 'a1b2c3', key });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      siteId,
      name: 'Centrale Ajax',
      account: 'A1B2C3',
      aesKey: key,
      supervisionMinutes: null,
      zones: [],
    });
  });

  it('refuses two zones with the same number, and a zone without a name', async () => {
    const api = stubFetch({});
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} />);
    const dialog = screen.getByRole('dialog');
    await fillNew(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une zone' }));
    await userEvent.type(within(dialog).getByLabelText('Numéro de la zone 1'), '01');
    await userEvent.type(within(dialog).getByLabelText('Nom de la zone 1'), "Porte d'entrée");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une zone' }));
    await userEvent.type(within(dialog).getByLabelText('Numéro de la zone 2'), '1');
    await userEvent.type(within(dialog).getByLabelText('Nom de la zone 2'), 'Détecteur hall');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    expect(await within(dialog).findByText('Deux zones portent le même numéro')).toBeTruthy();

    await userEvent.clear(within(dialog).getByLabelText('Numéro de la zone 2'));
    await userEvent.type(within(dialog).getByLabelText('Numéro de la zone 2'), '2');
    await userEvent.clear(within(dialog).getByLabelText('Nom de la zone 2'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    expect(await within(dialog).findByText('Le nom de la zone est obligatoire')).toBeTruthy();
    expect(within(dialog).queryByText('Deux zones portent le même numéro')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the zones as numbers and the supervision in minutes', async () => {
    const api = stubFetch({ 'POST /api/panels': ({ body }) => saved(body) });
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} />);
    const dialog = screen.getByRole('dialog');
    await fillNew(dialog);
    await userEvent.type(within(dialog).getByLabelText('Supervision (minutes)'), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une zone' }));
    await userEvent.type(within(dialog).getByLabelText('Numéro de la zone 1'), '01');
    await userEvent.type(within(dialog).getByLabelText('Nom de la zone 1'), "Porte d'entrée");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter une zone' }));
    await userEvent.type(within(dialog).getByLabelText('Numéro de la zone 2'), '2');
    await userEvent.type(within(dialog).getByLabelText('Nom de la zone 2'), 'Détecteur hall');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer la zone 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({
      supervisionMinutes: 30,
      zones: [{ number: 2, name: 'Détecteur hall' }],
    });
  });

  it('puts the test mode of 4 hours in the body as an end time', async () => {
    const api = stubFetch({ 'POST /api/panels': ({ body }) => saved(body) });
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} />);
    const dialog = screen.getByRole('dialog');
    await fillNew(dialog);
    await userEvent.click(within(dialog).getByLabelText('4 h'));
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    const end = Date.parse((api.calls[0]?.body as { testUntil: string } | undefined)?.testUntil ?? '');
    expect(end).toBeGreaterThanOrEqual(before + 4 * 3_600_000 - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 4 * 3_600_000);
  });

  it('asks for the end of a test mode « jusqu’à une date », with the other messages', async () => {
    const api = stubFetch({});
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Jusqu’à une date'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    expect(await within(dialog).findByText('Indiquez la date et l’heure de fin du test')).toBeTruthy();
    expect(within(dialog).getByText('Le nom de la centrale est obligatoire')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('puts an account already taken (409) under the account field', async () => {
    stubFetch({
      'POST /api/panels': () => ({
        status: 409,
        body: {
          detail: 'Ce numéro de compte est déjà utilisé par une centrale de la société',
          code: 'panels.account_taken',
        },
      }),
    });
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} />);
    const dialog = screen.getByRole('dialog');
    await fillNew(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter la centrale' }));
    const account = within(dialog).getByLabelText('Numéro de compte');
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText('Ce numéro de compte est déjà utilisé par une centrale de la société'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(account);
  });
});

describe('PanelFormDialog: editing a panel and its key', () => {
  const path = `PATCH /api/panels/${panel().id}`;

  it('keeps the stored key: an empty key field sends no aesKey', async () => {
    const api = stubFetch({ [path]: ({ body }) => ({ body: { ...panel(), ...(body as object) } }) });
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} panel={panel()} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Clé enregistrée — laissez vide pour la garder')).toBeTruthy();
    expect((within(dialog).getByLabelText('Clé AES') as HTMLInputElement).value).toBe('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    const body = api.calls[0]?.body as Record<string, unknown>;
    expect('aesKey' in body).toBe(false);
    expect('testUntil' in body).toBe(false);
    expect(body).toMatchObject({ account: '1234', supervisionMinutes: 30, zones: [{ number: 1 }] });
  });

  it('sends the key typed, shown on demand', async () => {
    const api = stubFetch({ [path]: ({ body }) => ({ body: { ...panel(), ...(body as object) } }) });
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} panel={panel()} />);
    const dialog = screen.getByRole('dialog');
    const key = within(dialog).getByLabelText('Clé AES') as HTMLInputElement;
    expect(key.type).toBe('password');
    await userEvent.type(key, 'Vigie-cle-16-car');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Afficher la clé' }));
    expect(key.type).toBe('text');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({ aesKey: 'Vigie-cle-16-car' });
  });

  it('sends aesKey: null when « Supprimer la clé » is asked', async () => {
    const api = stubFetch({
      [path]: ({ body }) => ({ body: { ...panel(), hasAesKey: false, ...(body as object) } }),
    });
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} panel={panel()} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer la clé' }));
    expect(within(dialog).getByTestId('panel-key-removed')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0]?.body as { aesKey: unknown } | undefined)?.aesKey).toBeNull();
  });

  it('ends a test mode with testUntil: null', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const inTest = panel({ inTest: true, testUntil: until });
    const api = stubFetch({ [path]: ({ body }) => ({ body: { ...inTest, ...(body as object) } }) });
    renderWithApp(<PanelFormDialog open onOpenChange={() => {}} sites={sites} panel={inTest} />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Sortir du mode test'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0]?.body as { testUntil: unknown } | undefined)?.testUntil).toBeNull();
  });

  it('asks before deleting the panel and its journal', async () => {
    const api = stubFetch({ [`DELETE /api/panels/${panel().id}`]: () => ({ status: 204 }) });
    let open = true;
    renderWithApp(<PanelFormDialog open onOpenChange={(o) => (open = o)} sites={sites} panel={panel()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer la centrale et son journal ?' });
    expect(api.calls).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(api.calls.map((c) => c.method)).toEqual(['DELETE']));
    await waitFor(() => expect(open).toBe(false));
  });
});
