// Helpers of the planning spec: the company's wall clock (Europe/Paris), shifts planned through the
// API, screenshots and scans of one screen at desktop and phone widths, and the payroll workbook.
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoSeriousA11y } from './a11y';
import { api, type RegisteredCompany, uniqueId } from './api';
import { newContext, screenshot, viewports, watchConsole } from './browser';

/** The company's timezone (the default of a new company) and the browsers' own. */
const TIMEZONE = 'Europe/Paris';

function wallClock(instant: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIMEZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** A local calendar day (YYYY-MM-DD) moved by `n` days. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** '2026-11-21' → '21/11/2026', as the rule messages write days. */
export const frenchDay = (day: string) => day.split('-').reverse().join('/');

export const todayInParis = () => wallClock(new Date()).day;

export type ShiftBody = {
  agentId: string;
  siteId: string;
  date: string;
  startTime: string;
  endTime: string;
  shiftType: 'day' | 'night' | 'morning' | 'afternoon' | 'custom';
  overrideReason?: string;
};

export type Place = { name: string; address: string; lat: number; lng: number };

export async function createSiteAt(company: RegisteredCompany, site: Place) {
  const body = { name: site.name, address: site.address, latitude: site.lat, longitude: site.lng };
  const res = await api<{ id: string }>('POST', '/api/sites', body, company.token);
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A user account of role Agent, to sign in with on the phone once linked to an agent record. */
export async function createAgentAccount(company: RegisteredCompany, name: string) {
  const account = { name, email: `agent-${uniqueId()}@exemple.fr`, password: 'essai-vigie-1' };
  const res = await api<{ id: string }>('POST', '/api/users', { ...account, role: 'agent' }, company.token);
  expect(res.status).toBe(201);
  return { ...account, id: res.body.id };
}

export async function getViaApi<T>(company: RegisteredCompany, path: string) {
  const res = await api<T>('GET', path, undefined, company.token);
  expect(res.status).toBe(200);
  return res.body;
}

export async function planShiftViaApi(company: RegisteredCompany, body: ShiftBody) {
  const res = await api<{ id: string; status: string }>('POST', '/api/shifts', body, company.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/**
 * A shift that has already begun (two minutes ago, as the wall clock shows it) and lasts six hours:
 * clocking in is allowed at once, and no 'agent absent' alarm (15 minutes late) can fire first.
 */
export function shiftRunningNow(agentId: string, siteId: string): ShiftBody {
  const start = new Date(Date.now() - 2 * 60_000);
  const from = wallClock(start);
  const to = wallClock(new Date(start.getTime() + 6 * 3_600_000));
  return { agentId, siteId, date: from.day, startTime: from.time, endTime: to.time, shiftType: 'custom' };
}

/** A small real PNG portrait, photographed by Chromium. */
export async function portraitPng(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 240, height: 240 } });
  await page.setContent(
    '<body style="margin:0;height:240px;background:radial-gradient(circle at 50% 38%,#f1c9a5 0 22%,transparent 23%),radial-gradient(ellipse at 50% 100%,#1e3a8a 0 45%,transparent 46%),linear-gradient(#0f766e,#134e4a)"></body>',
  );
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}

export async function pickOption(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export type NewAgent = { name: string; badge: string; cnaps: string; cnapsExpiresOn: string };

/** Fills 'Nouvel agent' as an administrator would: identity, site, CNAPS card, SSIAP 1 and photo. */
export async function fillAgentForm(
  page: Page,
  dialog: Locator,
  agent: NewAgent,
  siteName: string,
  photo: Buffer,
) {
  await dialog.getByLabel('Nom complet').fill(agent.name);
  await dialog.getByLabel('Matricule').fill(agent.badge);
  await dialog.getByLabel('Téléphone').fill('+33 6 12 34 56 78');
  await dialog.getByLabel('Email', { exact: true }).fill('lea.martin@exemple.fr');
  await pickOption(page, '#agent-speciality', 'Incendie');
  await pickOption(page, '#agent-level', 'Senior');
  await pickOption(page, '#agent-assignedSiteId', siteName);
  await dialog.getByLabel('Carte professionnelle CNAPS').fill(agent.cnaps);
  await dialog.getByLabel('Expiration de la carte').fill(agent.cnapsExpiresOn);
  await dialog.getByRole('button', { name: 'Ajouter une qualification' }).click();
  expect(await page.locator('#agent-qualification-0-type').textContent()).toContain('SSIAP 1');
  await dialog.locator('#agent-qualification-0-number').fill('SSIAP1-75-2024-0187');
  await dialog.getByLabel('Obtenue le').fill(addDays(todayInParis(), -200));
  await page.locator('#agent-photo').setInputFiles({ name: 'lea.png', mimeType: 'image/png', buffer: photo });
  await dialog.getByText('lea.png').waitFor();
  await dialog.getByRole('img', { name: 'Aperçu du nouveau portrait' }).waitFor();
}

/** A phone (375 px) standing at `at`, its owner having allowed the location, signed in as `who`. */
export async function agentPhone(
  browser: Browser,
  who: { email: string; password: string },
  at: { latitude: number; longitude: number },
) {
  const context = await newContext(browser, 'phone', {
    geolocation: { ...at, accuracy: 15 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Mot de passe').fill(who.password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
  return { context, page, errors };
}

/** Nothing wider than the screen: the page, and the open dialog if there is one. */
async function fitsWidth(page: Page, dialog?: Locator) {
  const pageFits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  const dialogFits = dialog ? await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth + 1) : true;
  return pageFits && dialogFits;
}

/**
 * Screenshots `<name>-desktop` (1440 px) and `<name>-phone` (375 px) of the screen as it stands,
 * checking at each width that nothing overflows sideways and, unless told, that axe-core finds no
 * serious violation (the phone layouts are other DOM: the week view becomes a list of days). A
 * dialog is shot as the screen shows it; `show` is scrolled into view first.
 */
export async function shootAtBothWidths(
  page: Page,
  name: string,
  { dialog, show, scan = true }: { dialog?: Locator; show?: Locator; scan?: boolean } = {},
) {
  const before = page.viewportSize();
  for (const [suffix, size] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    expect(await fitsWidth(page, dialog), `${name}-${suffix} overflows`).toBe(true);
    if (scan) await expectNoSeriousA11y(page);
    // A dialog scrolls inside itself: its top, or the part the screenshot is about.
    if (show) await show.scrollIntoViewIfNeeded();
    else await dialog?.evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, `${name}-${suffix}`, { fullPage: !dialog });
  }
  if (before) await page.setViewportSize(before);
}

/** The 'Agents en ligne' figure of the dashboard overview, e.g. '1/1'. */
export const onlineAgents = (page: Page) =>
  page
    .getByRole('heading', { name: 'Agents en ligne' })
    .locator('xpath=following-sibling::p[1]')
    .textContent();

type Cell = string | number | Date | null;
/** A row of a payroll sheet, by the header of its column. */
export type PayrollRow = Record<string, Cell>;

const cellValue = (value: ExcelJS.CellValue): Cell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  return String(value);
};

/** The rows below `headerRow` of a sheet, each by the header of its columns. */
function rowsOf(sheet: ExcelJS.Worksheet, headerRow: number): PayrollRow[] {
  const header = sheet.getRow(headerRow);
  const names = Array.from({ length: header.cellCount }, (_, i) => String(header.getCell(i + 1).value));
  const rows: PayrollRow[] = [];
  sheet.eachRow((row, index) => {
    if (index > headerRow)
      rows.push(Object.fromEntries(names.map((name, i) => [name, cellValue(row.getCell(i + 1).value)])));
  });
  return rows;
}

/** The payroll workbook: 'Synthèse' (one row per agent, header on row 4) and 'Gardes' (per shift). */
export async function readPayroll(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const summary = workbook.getWorksheet('Synthèse');
  const shifts = workbook.getWorksheet('Gardes');
  if (!summary || !shifts) throw new Error(`sheets: ${workbook.worksheets.map((w) => w.name).join(', ')}`);
  return { summary: rowsOf(summary, 4), shifts: rowsOf(shifts, 1) };
}
