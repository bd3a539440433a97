// Every back-office screen at a phone's 375 px and a desktop's 1440 px (issue 17): nothing scrolls
// sideways, the lists show their data (cards on the phone, a table on the desktop), screenshots of
// each screen at both widths.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts } from '../support/a11y';
import { fitsWidth, openTab, presentBadge, readerOnSite } from '../support/access';
import { api, type RegisteredCompany, registerViaApi, uniqueId } from '../support/api';
import { launchBrowser, newContext, screenshot, viewports, watchConsole } from '../support/browser';
import { signIn } from '../support/session';

type Screen = {
  name: string;
  path: string;
  /** A tab to open once the page is there. */
  tab?: string;
  /** A text of our data the screen must show (else its heading). */
  shows?: string;
  /** The rows of a list shown by the shared DataList: cards on a phone, a table on a desktop. */
  dataRows?: string;
};

let browser: Browser;
let company: RegisteredCompany;
const data = {
  site: `Entrepôt frigorifique de Rungis ${uniqueId()}`,
  camera: 'Caméra quai de chargement nord',
  alarm: 'Intrusion détectée sur le quai',
  user: 'Bérénice Lefèvre-Dumontier',
  agent: 'Maximilien Fontaine-Delacroix',
  holder: 'Visiteur Aurélien Castelnau',
  key: 'Centrale Ajax — Entrepôt de Rungis',
  panel: 'Centrale intrusion Ajax — quai de chargement nord',
};

async function created<T>(path: string, body: unknown): Promise<T> {
  const res = await api<T>('POST', path, body, company.token);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  company = await registerViaApi('Gardiennage Réactif');
  const site = await created<{ id: string }>('/api/sites', {
    name: data.site,
    address: '1 rue de la Tour, 94150 Rungis',
  });
  await created('/api/cameras', {
    siteId: site.id,
    name: data.camera,
    location: 'Quai de chargement nord, porte 12',
    // A long stream URL on this machine (internal addresses are refused unless opened, and the
    // e2e server opens loopback only); port 1 has no listener, so the camera reads 'Hors ligne'.
    ipAddress: '127.0.0.1',
    rtspUrl: 'rtsp://127.0.0.1:1/Streaming/Channels/101',
  });
  await created('/api/alarms', {
    siteId: site.id,
    type: 'intrusion',
    severity: 'high',
    title: data.alarm,
    description: 'Détecteur volumétrique du quai nord',
    location: 'Quai nord',
  });
  await created('/api/users', {
    name: data.user,
    email: `berenice-${uniqueId()}@exemple.fr`,
    password: 'essai-vigie-1',
    role: 'operator',
  });
  await created('/api/agents', {
    name: data.agent,
    badge: `M-${uniqueId()}`,
    phone: '0612345678',
    email: `maximilien-${uniqueId()}@exemple.fr`,
    speciality: 'Surveillance',
    level: 'senior',
    hireDate: '2022-03-01',
    cnapsNumber: 'CAR-069-2031-03-14-20190123456',
    cnapsExpiresOn: '2031-03-14',
    assignedSiteId: site.id,
  });
  await created('/api/integrations/keys', { name: data.key });
  await created('/api/panels', {
    siteId: site.id,
    name: data.panel,
    account: 'FFFF00001111',
    aesKey: '00112233445566778899AABBCCDDEEFF',
    supervisionMinutes: 30,
    zones: [{ number: 1, name: "Porte d'entrée du quai de chargement nord" }],
  });
  // A door, its reader and a badge; one passage writes a line of the access journal.
  const reader = await readerOnSite(company, `${data.site} — accès`, data.holder);
  expect((await presentBadge(reader.readerKey, reader.payload)).decision).toBe('Autorisé');
});

afterAll(async () => {
  await browser?.close();
});

const screens: Screen[] = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'sites', path: '/dashboard/sites', shows: data.site },
  { name: 'cameras', path: '/dashboard/cameras', shows: data.camera, dataRows: 'camera-row' },
  { name: 'alarms', path: '/dashboard/alarms', shows: data.alarm },
  { name: 'alarm-panels', path: '/dashboard/alarms/panels', shows: data.panel },
  { name: 'logbook', path: '/dashboard/logbook' },
  { name: 'tours', path: '/dashboard/tours' },
  { name: 'access-logs', path: '/dashboard/access', shows: data.holder, dataRows: 'access-log-row' },
  { name: 'access-badges', path: '/dashboard/access', tab: 'Gestion des badges', shows: data.holder },
  { name: 'access-points', path: '/dashboard/access', tab: "Points d'accès", shows: 'Tourniquet hall' },
  { name: 'radio', path: '/dashboard/radio' },
  { name: 'reports', path: '/dashboard/reports' },
  { name: 'security-reports', path: '/dashboard/security-reports' },
  { name: 'planning-sites', path: '/dashboard/planning' },
  { name: 'planning-week', path: '/dashboard/planning', tab: 'Vue semaine' },
  { name: 'planning-agents', path: '/dashboard/planning', tab: 'Agents', shows: data.agent },
  { name: 'planning-shifts', path: '/dashboard/planning', tab: 'Gardes' },
  { name: 'settings-users', path: '/dashboard/settings?tab=users', shows: data.user },
  {
    name: 'settings-integrations',
    path: '/dashboard/settings?tab=integrations',
    shows: data.key,
    dataRows: 'integration-key-row',
  },
  { name: 'settings-profile', path: '/dashboard/settings?tab=profile' },
  { name: 'settings-notifications', path: '/dashboard/settings?tab=notifications' },
  { name: 'settings-security', path: '/dashboard/settings?tab=security' },
  { name: 'settings-system', path: '/dashboard/settings?tab=system' },
  { name: 'settings-identity', path: '/dashboard/settings?tab=identity' },
  { name: 'settings-audit', path: '/dashboard/settings?tab=audit', dataRows: 'audit-entry' },
];

/** How the first row of a DataList is laid out: 'grid' (a card) or 'table-row'. */
const rowDisplay = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((row) => getComputedStyle(row).display);

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])(
  'every screen at %s width',
  (viewport) => {
    it('fits the width, shows its data, and is photographed', async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      const errors = watchConsole(page);
      await signIn(page, company.email, company.password);
      const width = viewports[viewport].width;
      for (const screen of screens) {
        await page.goto(screen.path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (screen.tab) await openTab(page, screen.tab);
        if (screen.shows) {
          await page.getByText(screen.shows, { exact: false }).first().waitFor({ state: 'visible' });
        }
        if (screen.dataRows) {
          const row = page.getByTestId(screen.dataRows).first();
          await row.waitFor({ state: 'visible' });
          expect(await rowDisplay(page, screen.dataRows), screen.name).toBe(
            viewport === 'phone' ? 'grid' : 'table-row',
          );
          if (screen.shows) {
            // The item's name is in view on the card, as in the table.
            expect(await row.getByText(screen.shows, { exact: false }).first().isVisible()).toBe(true);
            // The table keeps its semantics on both layouts: one row per item, cells under headings.
            expect(await page.getByRole('row').filter({ hasText: screen.shows }).count()).toBe(1);
          }
        }
        // Let late content (charts, lazy lists) settle before measuring.
        await page.waitForTimeout(400);
        expect(await fitsWidth(page), `${screen.name} scrolls sideways at ${width} px`).toBe(true);
        await dismissToasts(page);
        await screenshot(page, `responsive-${screen.name}-${width}`);
      }
      expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
      await context.close();
    });
  },
);
