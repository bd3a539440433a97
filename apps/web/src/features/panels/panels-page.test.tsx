// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PanelDto, PanelReceiverDto, PanelSignalDto } from '@vigie/contract/panels.contract';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, renderWithApp, signIn, stubFetch } from '../../test/render';
import PanelsPage from './panels-page';

cleanupAfterEach();

const siteId = '6a0d3c1e-2f4b-4c5d-8e9f-0a1b2c3d4e5f';
const sites = [{ value: siteId, label: 'Entrepôt Nord' }];

const panel = (over: Partial<PanelDto>): PanelDto => ({
  id: '1d5c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c40',
  siteId,
  siteName: 'Entrepôt Nord',
  name: 'Centrale',
  account: '1234',
  hasAesKey: false,
  supervisionMinutes: null,
  zones: [],
  testUntil: null,
  inTest: false,
  lastSignalAt: null,
  linkState: 'unknown',
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  ...over,
});

const receiver = (over: Partial<PanelReceiverDto> = {}): PanelReceiverDto => ({
  prefix: '3A7',
  host: 'alarmes.vigie.example',
  port: 12000,
  state: 'up',
  detail: 'En écoute sur le port 12000 (TCP et UDP)',
  surgardPort: null,
  ...over,
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const hoursFromNow = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

/** 18:30 (in Paris) of an instant, as the badge writes it. */
const parisTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

describe('the panels screen', () => {
  it('shows the receiver with the installer’s guide', async () => {
    signIn();
    stubFetch({
      'GET /api/panels/receiver': () => ({ body: receiver({ surgardPort: 12001 }) }),
      'GET /api/panels': () => ({ body: [] }),
    });
    renderWithApp(<PanelsPage sites={sites} />);
    const box = await screen.findByTestId('receiver-box');
    expect((await within(box).findByTestId('receiver-guide')).textContent).toBe(
      'Programmez la centrale en SIA DC-09 vers alarmes.vigie.example:12000 (TCP ou UDP), préfixe de ligne (L) 3A7, numéro de compte de la centrale ; clé AES facultative.',
    );
    expect(within(box).getByTestId('receiver-state').textContent).toBe('En écoute');
    expect(within(box).getByText('Entrée Sur-Gard (TCP)')).toBeTruthy();
    expect(
      within(box).getByRole('button', { name: "Copier l'adresse alarmes.vigie.example:12000" }),
    ).toBeTruthy();
    expect(await screen.findByText('Aucune centrale d’alarme')).toBeTruthy();
  });

  it('says why the receiver is down, in red, and that it is off without a guide', async () => {
    signIn();
    stubFetch({
      'GET /api/panels/receiver': () => ({
        body: receiver({ state: 'down', detail: 'Port 12000 déjà utilisé par un autre programme' }),
      }),
      'GET /api/panels': () => ({ body: [] }),
    });
    const { unmount } = renderWithApp(<PanelsPage sites={sites} />);
    expect((await screen.findByTestId('receiver-state')).textContent).toBe('Hors service');
    expect(screen.getByTestId('receiver-detail').textContent).toBe(
      'Port 12000 déjà utilisé par un autre programme',
    );
    unmount();

    stubFetch({
      'GET /api/panels/receiver': () => ({
        body: receiver({
          state: 'off',
          port: null,
          detail: 'Réception désactivée (ALARM_RECEIVER_PORT=off)',
        }),
      }),
      'GET /api/panels': () => ({ body: [] }),
    });
    renderWithApp(<PanelsPage sites={sites} />);
    expect((await screen.findByTestId('receiver-state')).textContent).toBe('Désactivé');
    expect(screen.queryByTestId('receiver-guide')).toBeNull();
  });

  it('lists the panels with their link state, last signal, supervision, key and test mode', async () => {
    signIn();
    const testUntil = hoursFromNow(0.5);
    stubFetch({
      'GET /api/panels/receiver': () => ({ body: receiver() }),
      'GET /api/panels': () => ({
        body: [
          panel({
            id: '1d5c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c41',
            name: 'Centrale Ajax quai',
            account: '0A1B',
            hasAesKey: true,
            supervisionMinutes: 30,
            lastSignalAt: minutesAgo(4),
            linkState: 'ok',
          }),
          panel({
            id: '1d5c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c42',
            name: 'Centrale Risco bureaux',
            supervisionMinutes: 15,
            lastSignalAt: minutesAgo(180),
            linkState: 'lost',
          }),
          panel({
            id: '1d5c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c43',
            name: 'Centrale incendie',
            inTest: true,
            testUntil,
          }),
        ],
        headers: { 'X-Total-Count': '3' },
      }),
    });
    renderWithApp(<PanelsPage sites={sites} />);
    const rows = await screen.findAllByTestId('panel-row');
    expect(rows).toHaveLength(3);
    const [ok, lost, testing] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(ok).getByTestId('panel-link-state').textContent).toBe('En liaison');
    expect(within(ok).getByText('il y a 4 min')).toBeTruthy();
    expect(within(ok).getByText('toutes les 30 min')).toBeTruthy();
    expect(within(ok).getByText('Chiffrée (AES)')).toBeTruthy();
    expect(within(ok).queryByTestId('panel-test')).toBeNull();

    const lostBadge = within(lost).getByTestId('panel-link-state');
    expect(lostBadge.textContent).toBe('Perte de liaison');
    expect(lostBadge.className).toContain('text-red-200');
    expect(within(lost).getByText('il y a 3 h')).toBeTruthy();
    expect(screen.getByTestId('panels-lost').textContent).toBe('1 en perte de liaison');

    expect(within(testing).getByTestId('panel-link-state').textContent).toBe('Jamais entendue');
    expect(within(testing).getByText('Jamais')).toBeTruthy();
    expect(within(testing).getByText('non supervisée')).toBeTruthy();
    expect(within(testing).getByText('Non chiffrée')).toBeTruthy();
    const badge = within(testing).getByTestId('panel-test').textContent ?? '';
    // Half an hour from now is today in Paris, except around midnight: then « jusqu'au jj/mm à HH:MM ».
    expect(badge).toMatch(new RegExp(`^En test jusqu'(à|au \\d{2}/\\d{2} à) ${parisTime(testUntil)}$`));
    expect(screen.getByTestId('panels-summary').textContent).toBe('3 centrales');
  });

  it('opens a panel’s signal journal with the frame, its meaning, the answer and the alarm', async () => {
    signIn();
    const alarmId = '7e8f9a0b-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
    const signals: PanelSignalDto[] = [
      {
        id: 2,
        receivedAt: minutesAgo(1),
        transport: 'tcp',
        raw: '\\x0aF4D20029"SIA-DCS"0001RF3L77#1234[#1234|Nri1/BA01]_12:44:06,12-22-2026\\x0d',
        meaning: 'Intrusion — zone 01 « Porte d’entrée », secteur 1',
        answer: 'ACK',
        outcome: 'alarm',
        alarmId,
      },
      {
        id: 1,
        receivedAt: minutesAgo(2),
        transport: 'udp',
        raw: '\\x0a96ED0016"NULL"0001L0#1234[]\\x0d',
        meaning: 'Test de liaison',
        answer: 'ACK',
        outcome: 'supervision',
        alarmId: null,
      },
    ];
    const api = stubFetch({
      'GET /api/panels/receiver': () => ({ body: receiver() }),
      'GET /api/panels': () => ({ body: [panel({ name: 'Centrale Ajax quai', linkState: 'ok' })] }),
      [`GET /api/panels/${panel({}).id}/signals`]: ({ url }) => {
        const second = url.searchParams.get('cursor') === 'abc';
        const next = `</api/panels/${panel({}).id}/signals?cursor=abc&limit=50>; rel="next"`;
        const headers: Record<string, string> = { 'X-Total-Count': '120', ...(second ? {} : { Link: next }) };
        return { body: second ? [{ ...signals[1], id: 0, receivedAt: minutesAgo(3) }] : signals, headers };
      },
    });
    renderWithApp(<PanelsPage sites={sites} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Journal des signaux de Centrale Ajax quai' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Journal des signaux — Centrale Ajax quai' });
    const rows = await within(dialog).findAllByTestId('panel-signal');
    expect(rows).toHaveLength(2);
    const [alarm, link] = rows as [HTMLElement, HTMLElement];
    expect(within(alarm).getByText('Intrusion — zone 01 « Porte d’entrée », secteur 1')).toBeTruthy();
    expect(within(alarm).getByText(/"SIA-DCS"0001RF3L77#1234/).textContent).toBe(signals[0]?.raw);
    expect(within(alarm).getByText('ACK')).toBeTruthy();
    expect(within(alarm).getByText('Alarme créée')).toBeTruthy();
    expect(within(alarm).getByRole('link', { name: 'Voir l’alarme' }).getAttribute('href')).toBe(
      `/dashboard/alarms?alarm=${alarmId}`,
    );
    expect(within(link).getByText('Supervision')).toBeTruthy();
    expect(within(link).queryByRole('link')).toBeNull();
    expect(within(dialog).getByTestId('signals-summary').textContent).toBe(
      'Les 2 plus récents sur 120 signaux',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('panel-signal')).toHaveLength(3));
    expect(api.calls.filter((c) => c.path.endsWith('/signals')).length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).queryByRole('button', { name: 'Charger plus' })).toBeNull();
  });

  it('tells an agent the server’s refusal, once', async () => {
    signIn({ role: 'agent' });
    const detail =
      "Seuls les administrateurs et les opérateurs peuvent consulter et gérer les centrales d'alarme";
    const refusal = { status: 403, body: { detail, code: 'panels.managers_only' } };
    stubFetch({ 'GET /api/panels/receiver': () => refusal, 'GET /api/panels': () => refusal });
    renderWithApp(<PanelsPage sites={sites} />);
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Ajouter une centrale' })).toBeNull();
    expect(screen.queryByTestId('receiver-box')).toBeNull();
  });

  it('puts the chosen site in test for 4 h, and offers to take it out of test', async () => {
    signIn();
    let inTest = false;
    const api = stubFetch({
      'GET /api/panels/receiver': () => ({ body: receiver() }),
      'GET /api/panels': () => ({
        body: [panel({ inTest, testUntil: inTest ? hoursFromNow(4) : null })],
      }),
      [`PUT /api/panels/sites/${siteId}/test`]: ({ body }) => {
        inTest = (body as { testUntil: string | null }).testUntil !== null;
        return { body: { siteId, testUntil: (body as { testUntil: string | null }).testUntil, panels: 1 } };
      },
    });
    renderWithApp(<PanelsPage sites={sites} />);
    await screen.findByTestId('panels-summary');
    // Only for one site: « Tous les sites » offers no site test.
    expect(screen.queryByRole('button', { name: 'Mettre le site en test' })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par site' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Entrepôt Nord' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mettre le site en test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mode test du site « Entrepôt Nord »' });
    expect(within(dialog).queryByRole('button', { name: 'Sortir du mode test' })).toBeNull();
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mettre le site en test' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'PUT')?.body as { testUntil: string };
    const hours = (new Date(sent.testUntil).getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(3.99);
    expect(hours).toBeLessThan(4.01);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The list now shows the site in test: the dialog offers to end it.
    await userEvent.click(await screen.findByRole('button', { name: 'Mode test du site' }));
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Sortir du mode test' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        sent,
        { testUntil: null },
      ]),
    );
  });
});
