// The planning of a security company as it is lived, in Chromium against the real server: an
// administrator creates an agent (photo, SSIAP 1, CNAPS card) and links their account, plans a
// shift that breaks the 12 h rest and passes it with a written reason; the agent takes their
// service from a phone standing on the site, and the administrator's dashboard counts them online
// without reloading; the month's payroll is downloaded and read back as a real XLSX workbook.
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, expectNoSeriousA11y } from '../support/a11y';
import { type RegisteredCompany, registerViaApi } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import {
  addDays,
  agentPhone,
  createAgentAccount,
  createSiteAt,
  fillAgentForm,
  frenchDay,
  getViaApi,
  onlineAgents,
  pickOption,
  planShiftViaApi,
  portraitPng,
  readPayroll,
  shiftRunningNow,
  shootAtBothWidths,
  todayInParis,
} from '../support/planning';
import { signIn } from '../support/session';

/** Real time must beat the dashboard's 60 s polling fallback by far. */
const LIVE = { timeout: 8_000 };
const site = { name: 'Galerie Royale', address: '12 rue Royale, 75008 Paris', lat: 48.8656, lng: 2.3212 };
const agent = {
  name: 'Léa Martin',
  badge: 'AG-0042',
  cnaps: 'CAR-075-2035-03-14-20190123456',
  cnapsExpiresOn: '2035-03-14',
};
/** What the week grid shows of the three shifts: types and times. */
const weekCards = ['Personnalisé', 'Nuit', '18:00 – 06:00', 'Après-midi', '14:00 – 22:00'];
const overrideReason = 'Remplacement urgent d’un agent malade, accord écrit de Léa Martin';

describe('planning, clock-in and payroll in Chromium', () => {
  let browser: Browser;
  let company: RegisteredCompany;
  let siteId: string;
  let agentId: string;
  let account: Awaited<ReturnType<typeof createAgentAccount>>;
  let photo: Buffer;
  let today: string;
  // The administrator's browser, open from the first test to the last; the agent's phone.
  let admin: { context: BrowserContext; page: Page };
  let phone: { context: BrowserContext; page: Page };
  let clockedInAt = 0;
  // Each page's console errors, as the page keeps collecting them.
  const consoleErrors: string[][] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    photo = await portraitPng(browser);
    today = todayInParis();
    company = await registerViaApi('Planning');
    siteId = await createSiteAt(company, site);
    // The account the agent will sign in with, made before the form lists the accounts.
    account = await createAgentAccount(company, agent.name);
    const context = await newContext(browser);
    admin = { context, page: await context.newPage() };
    consoleErrors.push(watchConsole(admin.page));
    await signIn(admin.page, company.email, company.password);
  });
  afterAll(async () => {
    await phone?.context.close().catch(() => undefined);
    await admin?.context.close().catch(() => undefined);
    await browser?.close();
  });

  it('creates an agent with a photo, SSIAP 1 and a CNAPS card, then links their account', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Planning Agents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Planning des Agents' }).waitFor();

    await page.getByRole('button', { name: 'Nouvel agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel agent' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: "Ajouter l'agent" }).click();
    await dialog.getByText("Le nom de l'agent est obligatoire").waitFor();
    await fillAgentForm(page, dialog, agent, site.name, photo);
    await shootAtBothWidths(page, 'planning-agent-dialog', { dialog });
    await dialog.getByRole('button', { name: "Ajouter l'agent" }).click();
    await page.getByText('Agent ajouté').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The card: the photo the server re-encoded and serves (authenticated), the certification.
    await page.getByRole('tab', { name: 'Agents' }).click();
    const card = page.getByTestId('agent-card').filter({ hasText: agent.name });
    await card.waitFor();
    const portrait = card.locator('img');
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), LIVE)
      .toBeGreaterThan(0);
    expect(await card.getByRole('list', { name: 'Certifications' }).textContent()).toContain('SSIAP 1');
    const text = (await card.textContent()) ?? '';
    for (const expected of [`Matricule ${agent.badge}`, 'Senior', 'Actif', 'Incendie', site.name])
      expect(text).toContain(expected);
    type SavedAgent = { id: string; name: string; photo: string | null; cnapsNumber: string };
    const agents = await getViaApi<SavedAgent[]>(company, '/api/agents');
    const saved = agents.find((a) => a.name === agent.name);
    expect(saved?.cnapsNumber).toBe(agent.cnaps);
    expect(saved?.photo).toMatch(/^\/api\/agents\/.+\/photo/);
    agentId = saved?.id ?? '';

    // The agent's sign-in account, linked through the edit form.
    await card.getByRole('button', { name: `Modifier ${agent.name}` }).click();
    const edit = page.getByRole('dialog', { name: "Modifier l'agent" });
    await edit.waitFor();
    expect(await edit.getByLabel('Carte professionnelle CNAPS').inputValue()).toBe(agent.cnaps);
    await pickOption(page, '#agent-userId', `${account.name} (${account.email})`);
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Agent modifié').first().waitFor();
    await edit.waitFor({ state: 'hidden' });
    const linked = await getViaApi<{ userId: string | null }>(company, `/api/agents/${agentId}`);
    expect(linked.userId).toBe(account.id);
  });

  it('lists the broken 12 h rest in the new-shift dialog and saves it on an administrator’s reason', async () => {
    const { page } = admin;
    // A night ending at 06:00, then the afternoon of that same day from 14:00: 8 h of rest.
    const night = { startTime: '18:00', endTime: '06:00', shiftType: 'night' } as const;
    await planShiftViaApi(company, { agentId, siteId, date: addDays(today, 1), ...night });
    const day = addDays(today, 2);
    await page.getByRole('button', { name: 'Nouvelle garde' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle garde' });
    await dialog.waitFor();
    await pickOption(page, '#shift-agentId', `${agent.name} (${agent.badge})`);
    // The agent's assigned site is filled in for them.
    await expect.poll(() => page.locator('#shift-siteId').textContent()).toBe(site.name);
    await dialog.getByLabel('Date', { exact: true }).fill(day);
    await pickOption(page, '#shift-shiftType', 'Après-midi (14:00–22:00)');
    expect(await dialog.getByLabel('Début', { exact: true }).inputValue()).toBe('14:00');

    // Checked before saving: the rules the shift breaks, in French.
    const rules = dialog.getByTestId('shift-rules');
    await expect
      .poll(() => rules.textContent(), LIVE)
      .toContain('Repos insuffisant : 8 h entre deux services (minimum 12 h).');
    const listed = (await rules.textContent()) ?? '';
    expect(listed).toContain('Repos insuffisant entre un service de nuit et un service de jour : 8 h');
    expect(listed).toContain(`sur la journée du ${frenchDay(day)}`);
    expect(listed).not.toContain('(impératif)');
    await dialog.getByText('Temps de travail : 8 h').waitFor();
    await shootAtBothWidths(page, 'planning-shift-dialog-rules', { dialog, show: rules });

    // Saved as it is, the server refuses it and names the rules.
    await dialog.getByRole('button', { name: 'Ajouter la garde' }).click();
    const refusal = page.locator('[data-sonner-toast]').filter({ hasText: "Impossible d'ajouter la garde" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Repos insuffisant');
    await dismissToasts(page);

    // The administrator passes the rules with a written reason (10 characters at least).
    await dialog.getByLabel('Passer outre les règles (administrateur)').check();
    await dialog.getByLabel('Justification').fill('Urgent');
    await dialog.getByRole('button', { name: 'Ajouter la garde' }).click();
    await dialog.getByText('La justification doit compter au moins 10 caractères').waitFor();
    await dialog.getByLabel('Justification').fill(overrideReason);
    await screenshot(page, 'planning-shift-dialog-override-desktop');
    await dialog.getByRole('button', { name: 'Ajouter la garde' }).click();
    const added = page.locator('[data-sonner-toast]').filter({ hasText: 'Garde ajoutée' });
    await added.waitFor();
    expect(await added.textContent()).toContain('Garde ajoutée — 8 h de travail');
    expect(await added.textContent()).toContain(
      `${agent.name} · ${site.name} · ${frenchDay(day)} 14:00 – 22:00`,
    );
    await dialog.waitFor({ state: 'hidden' });

    const stored = await getViaApi<{ overrideReason: string | null; type: string }[]>(
      company,
      `/api/shifts?agentId=${agentId}&from=${day}&to=${day}`,
    );
    // The night before reaches into that day too: it was planned within the rules, with no reason.
    expect(stored.map((s) => [s.type, s.overrideReason])).toEqual([
      ['night', null],
      ['afternoon', overrideReason],
    ]);
  });

  it('lets the agent take their service on site from a phone; the dashboard counts them online live', async () => {
    const dashboard = admin.page;
    await dashboard.getByRole('link', { name: 'Tableau de bord' }).click();
    await dashboard.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await expect.poll(() => onlineAgents(dashboard)).toBe('0/1');

    await planShiftViaApi(company, shiftRunningNow(agentId, siteId));
    // A phone standing 25 m from the site.
    const near = { latitude: site.lat + 0.0002, longitude: site.lng + 0.0001 };
    const { context, page, errors } = await agentPhone(browser, account, near);
    phone = { context, page };
    consoleErrors.push(errors);
    // An agent lands on the agent space (/agent); « Mon service » is still the full version's page.
    await page.waitForURL('**/agent');
    await page.goto('/dashboard/service');
    await page
      .getByRole('heading', { level: 1, name: new RegExp(`^Bon(jour|soir) ${agent.name}$`) })
      .waitFor();
    expect(await page.getByTestId('my-service-status').textContent()).toBe('Hors service');
    const shift = page.getByTestId('my-service-shift');
    await shift.waitFor();
    expect(await shift.getAttribute('data-status')).toBe('Programmé');
    expect(await shift.textContent()).toContain(site.address);
    await expectNoSeriousA11y(page);
    await screenshot(page, 'my-service-before-phone');

    await page.getByRole('button', { name: 'Prendre mon service' }).click();
    const clock = page.getByRole('dialog', { name: 'Prendre mon service' });
    await clock.getByText('Votre position est vérifiée une seule fois').waitFor();
    await screenshot(page, 'my-service-clock-dialog-phone');
    await clock.getByRole('button', { name: 'Continuer' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Service commencé' }).waitFor();
    clockedInAt = Date.now();
    await clock.waitFor({ state: 'hidden' });
    await expect.poll(() => shift.getAttribute('data-status')).toBe('En cours');
    expect(await shift.textContent()).toContain('En cours');
    expect(await shift.textContent()).toMatch(/Service pris à \d{2}:\d{2}/);
    expect(await page.getByTestId('my-service-status').textContent()).toBe('En service');
    await page.getByRole('button', { name: 'Terminer mon service' }).waitFor();

    // The administrator's overview follows without a reload.
    await expect.poll(() => onlineAgents(dashboard), LIVE).toBe('1/1');
    await screenshot(dashboard, 'planning-dashboard-online-desktop');
  });

  it('shows every planning tab and « Mon service » readable at desktop and phone widths', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Planning Agents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Planning des Agents' }).waitFor();
    await expect.poll(() => page.getByTestId('planning-counter-in-progress').textContent()).toContain('1');

    await page.getByRole('tab', { name: 'Planning par site' }).click();
    const siteCard = page.getByTestId('site-planning-card').filter({ hasText: site.name });
    await siteCard.waitFor();
    expect(await siteCard.textContent()).toMatch(new RegExp(`${agent.name}.*Personnalisé.*En cours`));
    await shootAtBothWidths(page, 'planning-sites');

    await page.getByRole('tab', { name: 'Vue semaine' }).click();
    await expect.poll(() => page.getByTestId('week-shift').filter({ visible: true }).count()).toBe(3);
    const week = (await page.getByRole('table').textContent()) ?? '';
    for (const expected of [agent.name, ...weekCards]) expect(week).toContain(expected);
    await shootAtBothWidths(page, 'planning-week');

    await page.getByRole('tab', { name: 'Agents' }).click();
    const card = page.getByTestId('agent-card').filter({ hasText: agent.name });
    await card.waitFor();
    // The clock-in's event marked the list stale while the dashboard was shown: it is fetched again.
    await expect.poll(() => card.textContent()).toContain('En service');
    await shootAtBothWidths(page, 'planning-agents');

    await page.getByRole('tab', { name: 'Gardes' }).click();
    await page.getByText('1 garde(s) programmée(s)').waitFor();
    expect(await page.getByTestId('shift-row').textContent()).toMatch(/En cours/);
    await shootAtBothWidths(page, 'planning-shifts');

    // « Mon service » on the agent's phone, then on a wide screen.
    await shootAtBothWidths(phone.page, 'my-service');

    expect(consoleErrors.flat().filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
  }, 180_000);

  it('exports the month’s payroll with the agent’s worked hours', async () => {
    const { page } = admin;
    // Payroll counts clocked time only, rounded to the minute: let more than a minute pass.
    const wait = clockedInAt + 65_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));

    await page.getByRole('button', { name: 'Export paie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export paie' });
    await dialog.waitFor();
    const month = today.slice(0, 7);
    expect(await dialog.getByLabel('Mois').inputValue()).toBe(month);
    await expectNoSeriousA11y(page);
    await screenshot(page, 'planning-export-dialog-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Télécharger' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`paie-${month}.xlsx`);
    await page.getByText('Export réussi').first().waitFor();
    const path = await download.path();
    const payroll = await readPayroll(await readFile(path));

    const row = payroll.summary.find((r) => r.Agent === agent.name);
    expect(row?.Matricule).toBe(agent.badge);
    expect(row?.['Jours travaillés']).toBeGreaterThanOrEqual(1);
    expect(row?.['Heures totales']).toBeGreaterThan(0);
    expect(row?.Gardes).toBeGreaterThanOrEqual(1);
    const running = payroll.shifts.find((r) => r.Agent === agent.name && r.Statut === 'En cours');
    expect(running).toMatchObject({ Site: site.name, Type: 'Personnalisé', Remarque: 'En cours' });
    expect(running?.Arrivée).toBeInstanceOf(Date);
    expect(running?.['Heures travaillées']).toBeGreaterThan(0);
  }, 120_000);
});
