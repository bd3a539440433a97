// From alarm to proof in Chromium against the real server, two contexts. A panel's SIA DC-09
// burglary frame reaches the receiver over TCP; the control room (1440 px) takes the alarm, watches
// the clip the site's camera recorded, records two calls from the site's call list, a positive
// verification and the police called, and sends the nearest agent. The agent's phone (375 px,
// geolocation set by the test) accepts, goes, is on site by the site's geofence and closes with a
// photo; the control room's map follows the agent without reload; the file's PDF lists every step
// with its time. Screenshots at 1440 and 375 px, axe scans on each screen.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RtspTestCamera } from '../../apps/server/src/demo/rtsp-camera';
import { dismissToasts, expectNoSeriousA11y } from '../support/a11y';
import { phonePhoto } from '../support/agent-space';
import { api, type RegisteredCompany, registerViaApi } from '../support/api';
import { baseUrl, launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import {
  agentOnDuty,
  callList,
  guardedSite,
  northOfWarehouse,
  panelOnSite,
  sendBurglary,
  warehouse,
} from '../support/dispatch';
import { drawSignature } from '../support/security-reports';
import { signIn } from '../support/session';

const agentName = 'Karim Benali';

describe('from alarm to proof in Chromium', () => {
  let browser: Browser;
  let rtsp: RtspTestCamera;
  let company: RegisteredCompany;
  let siteId: string;
  let duty: Awaited<ReturnType<typeof agentOnDuty>>;
  let panel: Awaited<ReturnType<typeof panelOnSite>>;
  let control: BrowserContext;
  let room: Page;
  let phone: BrowserContext;
  let page: Page;
  let alarm: { id: string; title: string };
  const errors: string[][] = [];

  beforeAll(async () => {
    // MapLibre draws with WebGL: Chromium's software renderer stands in for the GPU here.
    browser = await launchBrowser(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']);
    rtsp = new RtspTestCamera();
    await rtsp.listen();
    await rtsp.startStream('quai', { width: 640, height: 360, fps: 15, gop: 15 });
    company = await registerViaApi('Levée de doute', 'enterprise');
    siteId = await guardedSite(company);
    const camera = await api<{ id: string }>(
      'POST',
      '/api/cameras',
      { siteId, name: 'Caméra Quai 3', location: 'Quai de chargement 3', rtspUrl: rtsp.url('quai') },
      company.token,
    );
    expect(camera.status).toBe(201);
    const until = Date.now() + 20_000;
    const status = async () =>
      (await api<{ status: string }>('GET', `/api/cameras/${camera.body.id}`, undefined, company.token)).body
        .status;
    while ((await status()) !== 'En ligne') {
      if (Date.now() > until) throw new Error('the test camera never came online');
      await new Promise((r) => setTimeout(r, 250));
    }
    duty = await agentOnDuty(company, siteId, agentName);
    panel = await panelOnSite(company, siteId);
  });
  afterAll(async () => {
    await browser?.close();
    await rtsp?.close();
  });

  it('the agent shares his position on duty', async () => {
    // 1.5 km north of the warehouse, on his way elsewhere.
    phone = await newContext(browser, 'phone', {
      geolocation: northOfWarehouse(1500),
      permissions: ['geolocation'],
    });
    await phone.grantPermissions(['geolocation'], { origin: baseUrl() });
    page = await phone.newPage();
    errors.push(watchConsole(page));
    await signIn(page, duty.account.email, duty.account.password);
    await page.waitForURL(/\/agent/);
    const location = page.getByTestId('duty-location');
    await location.waitFor();
    await location.getByRole('switch', { name: 'Partager ma position pendant le service' }).click();
    await location.getByText('Vous êtes localisé').waitFor();
    await expectNoSeriousA11y(page);
    await screenshot(page, 'alarm-dispatch-located-phone');
  });

  it('a panel’s burglary frame becomes an alarm the control room verifies: clip, calls, decision, police', async () => {
    control = await newContext(browser, 'desktop');
    room = await control.newPage();
    errors.push(watchConsole(room));
    await signIn(room, company.email, company.password);
    await room.goto('/dashboard/alarms');
    await room.getByRole('heading', { level: 1, name: "Système d'alarmes" }).waitFor();

    const answer = await sendBurglary(panel);
    expect(answer).toContain('"ACK"');
    const list = await api<{ id: string; title: string; siteId: string }[]>(
      'GET',
      `/api/alarms?siteId=${siteId}`,
      undefined,
      company.token,
    );
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    alarm = list.body[0] as { id: string; title: string };

    // Shown to the operator without reload; opening it stamps « first shown ».
    await room.getByRole('button', { name: `Voir l'alarme ${alarm.title}` }).click({ timeout: 20_000 });
    const details = room.getByRole('dialog', { name: alarm.title });
    const file = details.getByRole('region', { name: 'Dossier de levée de doute' });
    await file.waitFor();
    await details.getByRole('button', { name: 'Acquitter' }).click();
    await room.getByText('Alarme acquittée').first().waitFor();

    // The clip the site's camera recorded when the alarm came.
    const video = details.getByRole('region', { name: "Vidéo de l'alarme" });
    await video.getByText('Clip vidéo (alarme)').waitFor({ timeout: 20_000 });
    await video.getByText('Prêt').waitFor({ timeout: 30_000 });
    await file.getByRole('tab', { name: 'Vidéo' }).click();
    const clipOption = file.getByLabel('Images consultées').locator('option', { hasText: /^Clip du / });
    await expect.poll(() => clipOption.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await file
      .getByLabel('Images consultées')
      .selectOption({ label: (await clipOption.first().textContent()) ?? '' });
    await file.getByLabel('Ce qui a été vu').fill('Un individu force la porte du quai 3');
    await file.getByRole('button', { name: /^Consigner/ }).click();
    await room.getByText('Vidéo consultée consignée').first().waitFor();

    // Two calls from the site's call list: the first does not answer, the second gives the password.
    await file.getByRole('tab', { name: 'Consigner un appel' }).click();
    await file.getByLabel('Contact appelé').selectOption({ index: 0 });
    await file.getByText(`Mot de passe attendu : ${callList[0]?.password}`).waitFor();
    await file.getByLabel('Résultat').selectOption({ label: 'Pas de réponse' });
    await file.getByRole('button', { name: "Consigner l'appel" }).click();
    await room.getByText('Appel consigné').first().waitFor();
    await dismissToasts(room);
    await file.getByLabel('Contact appelé').selectOption({ index: 1 });
    await file.getByText(`Mot de passe attendu : ${callList[1]?.password}`).waitFor();
    await file.getByLabel('Résultat').selectOption({ label: 'Répondu, bon mot de passe' });
    await file.getByRole('button', { name: "Consigner l'appel" }).click();
    await room.getByText('Appel consigné').first().waitFor();

    await file.getByRole('tab', { name: 'Décision' }).click();
    await file.getByLabel('Levée de doute positive').check();
    await file.getByLabel('Motif').fill('Intrus visible à la caméra du quai 3, confirmé par le responsable');
    await file.getByRole('button', { name: 'Consigner la décision' }).click();
    await room.getByText('Décision consignée').first().waitFor();

    await file.getByRole('tab', { name: 'Autorités prévenues' }).click();
    await file.getByLabel('Service').selectOption({ label: 'Police' });
    await file.getByLabel('Leur référence').fill('PN-95-2026-4411');
    await file.getByRole('button', { name: /^Consigner/ }).click();
    await room.getByText('Autorités prévenues consignées').first().waitFor();

    const entries = file.getByRole('list', { name: /Entrées du dossier/ });
    await expect.poll(async () => (await entries.textContent()) ?? '').toContain('Levée de doute positive');
    await dismissToasts(room);
    await expectNoSeriousA11y(room);
    await screenshot(room, 'alarm-dispatch-file-desktop');
  });

  it('sends the nearest agent, who accepts, goes, is on site by the geofence and closes with a photo', async () => {
    const details = room.getByRole('dialog', { name: alarm.title });
    const dispatch = details.getByTestId('dispatch-panel');
    await dispatch.getByRole('button', { name: `Envoyer ${agentName}` }).click();
    await dispatch.getByTestId('intervention-running').waitFor();
    await screenshot(room, 'alarm-dispatch-proposed-desktop');

    // The phone rings with the site and its instructions.
    const card = page.getByTestId('intervention-card');
    await card.waitFor({ timeout: 30_000 });
    await card.getByText(warehouse.name).first().waitFor();
    await card.getByText('Visionner la caméra du quai').waitFor();
    await expectNoSeriousA11y(page);
    await screenshot(page, 'alarm-dispatch-proposed-phone');
    await card.getByRole('button', { name: 'Accepter' }).click();
    await card.getByRole('button', { name: 'En route' }).click();

    // The control room's map, opened while the agent drives: it follows him without reload.
    const mapPage = await control.newPage();
    errors.push(watchConsole(mapPage));
    await mapPage.goto('/dashboard/map');
    await mapPage
      .locator('[aria-label="Carte des sites, alarmes, agents et radios"][aria-busy="false"]')
      .waitFor();
    // A second tab of the same browser: the first one holds the stream and tells it at once that it
    // is up (not at its next ping, 15 s later).
    await mapPage.getByText('Mise à jour en temps réel.').waitFor({ timeout: 5_000 });
    const onMap = mapPage.getByTestId('map-agent').filter({ hasText: agentName });
    await onMap.getByText('à 1,5 km du site').waitFor({ timeout: 30_000 });

    // Beside the map, the running interventions with their clocks: the agent en route, his arrival
    // deadline counting down every second; a click shows him in the map's panel.
    const running = mapPage.getByRole('region', { name: 'Liste des interventions en cours' });
    await mapPage.getByRole('heading', { name: 'Interventions en cours (1)' }).waitFor({ timeout: 20_000 });
    const row = running.getByTestId('running-intervention').filter({ hasText: agentName });
    await row.getByText('En route', { exact: true }).waitFor({ timeout: 20_000 });
    const clock = row.getByTestId('intervention-clock');
    // Minutes ahead still: the site's targets (30 min for a high alarm, 15 for a critical one).
    await clock.getByText(/^Arrivée attendue dans \d+ min \d\d s$/).waitFor();
    expect(await clock.textContent()).toMatch(/^Depuis \d+ (min \d\d )?s/);
    const before = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(before);
    await row.getByRole('button', { name: /\(voir sur la carte\)$/ }).click();
    await mapPage.getByRole('region', { name: agentName }).getByText('Agent en service').waitFor();
    await screenshot(mapPage, 'alarm-dispatch-map-desktop');

    // The same list on a 375 px screen: no sideways scroll, and accessible.
    const narrow = await control.newPage();
    errors.push(watchConsole(narrow));
    await narrow.setViewportSize({ width: 375, height: 812 });
    await narrow.goto('/dashboard/map');
    const narrowRow = narrow
      .getByRole('region', { name: 'Liste des interventions en cours' })
      .getByTestId('running-intervention')
      .filter({ hasText: agentName });
    await narrowRow.getByText(/^Arrivée attendue dans/).waitFor({ timeout: 20_000 });
    expect(
      await narrow.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await dismissToasts(narrow);
    await expectNoSeriousA11y(narrow);
    await screenshot(narrow, 'alarm-dispatch-map-running-phone');
    await narrow.close();

    // 600 m away: not on site yet — the geofence refuses « Sur place ». The phone's next position
    // moves him on the map, without reload.
    await phone.setGeolocation(northOfWarehouse(600));
    await card.getByRole('button', { name: 'Sur place', exact: true }).click();
    await card.getByRole('alert').waitFor();
    await screenshot(page, 'alarm-dispatch-not-yet-phone');
    await onMap.getByText('à 600 m du site').waitFor({ timeout: 45_000 });
    await expectNoSeriousA11y(mapPage);
    await screenshot(mapPage, 'alarm-dispatch-map-moved-desktop');

    // At the gate.
    await phone.setGeolocation(northOfWarehouse(40));
    await card.getByRole('button', { name: 'Sur place', exact: true }).click();
    // The map's list follows without reload: no deadline left, the time on site instead.
    await row.getByText('Sur place', { exact: true }).waitFor({ timeout: 30_000 });
    await clock.getByText(/^Sur place depuis \d+ s$/).waitFor();
    await card.getByRole('button', { name: 'Terminer' }).click();
    await card.getByLabel(/Compte rendu/).fill('Porte du quai 3 forcée, police sur place, site sécurisé');
    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'porte.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    await card.getByAltText('Pièce jointe 1').waitFor();
    await screenshot(page, 'alarm-dispatch-report-phone');
    await card.getByRole('button', { name: 'Envoyer et terminer' }).click();
    await card.waitFor({ state: 'detached', timeout: 20_000 });
    await mapPage.getByText('Aucune intervention en cours').waitFor({ timeout: 30_000 });

    // The control room sees it ended, with the report.
    const dispatch2 = room.getByRole('dialog', { name: alarm.title }).getByTestId('dispatch-panel');
    await dispatch2.getByText(`Terminée par ${agentName}`).waitFor({ timeout: 20_000 });
    await expectNoSeriousA11y(room);
    await screenshot(room, 'alarm-dispatch-done-desktop');
    await mapPage.close();
  });

  it('the file’s PDF lists every step with its time', async () => {
    // Resolved, then signed in the file's dialog: the PDF ends with the drawn signature.
    const resolved = await api(
      'POST',
      `/api/alarms/${alarm.id}/resolve`,
      { note: 'Site sécurisé' },
      company.token,
    );
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    const file = room
      .getByRole('dialog', { name: alarm.title })
      .getByRole('region', { name: 'Dossier de levée de doute' });
    await file.getByRole('button', { name: 'Signer le dossier' }).click({ timeout: 20_000 });
    await drawSignature(room, '#alarm-file-signature');
    await room
      .getByRole('dialog', { name: 'Signer le dossier' })
      .getByRole('button', { name: 'Signer', exact: true })
      .click();
    await file.locator('li[data-kind="signature"]').waitFor();
    const res = await fetch(`${baseUrl()}/api/alarms/${alarm.id}/file.pdf`, {
      headers: { authorization: `Bearer ${company.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'vigie-alarm-file-'));
    const pdf = join(dir, 'dossier.pdf');
    writeFileSync(pdf, bytes);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Prise en charge',
      'Vidéo consultée',
      "Clip de l'alarme du",
      'Empreinte SHA-256',
      'Pas de réponse',
      'Répondu, bon mot de passe',
      'Levée de doute positive',
      'Police',
      'PN-95-2026-4411',
      'Intervention',
      agentName,
      'Signature du dossier',
      'Dossier signé le',
    ])
      expect(text, expected).toContain(expected);
    // Every entry carries its time (hh:mm:ss).
    expect(text.match(/\b\d\d:\d\d:\d\d\b/g)?.length ?? 0).toBeGreaterThan(8);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, join(dir, 'page')]);
    for (const e of errors) expect(e.filter((m) => /Content Security Policy|Refused to/.test(m))).toEqual([]);
  });
});
