// Sites, cameras and the dashboard overview as a security company lives them, in Chromium against
// the real server: sites are created, searched without accents, edited and opened; cameras whose
// stream answers (a real RTSP test camera fed by ffmpeg) come online and play in the live grid, a
// closed one stays offline; a camera with only a still image shows a real JPEG served by a local
// HTTP server; a 'basic' company hits its site limit.
import { once } from 'node:events';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RtspTestCamera } from '../../apps/server/src/demo/rtsp-camera';
import { expectNoSeriousA11y } from '../support/a11y';
import { api, type RegisteredCompany, registerViaApi, uniqueId } from '../support/api';
import { launchBrowser, newContext, screenshot, watchConsole } from '../support/browser';
import { signIn } from '../support/session';
import {
  addCameraThroughDialog,
  card,
  closedPort,
  createSiteViaApi,
  nvrQrPng,
  pickOption,
  portOf,
  row,
  tile,
} from '../support/sites-cameras';

describe('sites, cameras and dashboard in Chromium', () => {
  let browser: Browser;
  let jpeg: Buffer;
  let rtsp: RtspTestCamera;
  let snapshotHttp: HttpServer;
  let snapshotHits = 0;
  // Shared by the desktop test and the phone screenshots.
  let company: RegisteredCompany;
  const siteName = 'Résidence Les Pins';

  beforeAll(async () => {
    browser = await launchBrowser();
    // A real JPEG: Chromium photographs a small scene.
    const page = await browser.newPage({ viewport: { width: 320, height: 180 } });
    await page.setContent(
      '<body style="margin:0;background:linear-gradient(135deg,#1e3a8a,#0f766e);height:180px;font:bold 28px sans-serif;color:#fff;display:flex;align-items:center;justify-content:center">Parking niveau -1</body>',
    );
    jpeg = await page.screenshot({ type: 'jpeg', quality: 80 });
    await page.close();
    rtsp = new RtspTestCamera();
    await rtsp.listen();
    await rtsp.startStream('stream', { width: 320, height: 180, fps: 15, gop: 15 });
    snapshotHttp = createHttpServer((req, res) => {
      if (req.url === '/snapshot.jpg') {
        snapshotHits++;
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
        res.end(jpeg);
      } else {
        res.writeHead(404).end();
      }
    });
    snapshotHttp.listen(0, '127.0.0.1');
    await once(snapshotHttp, 'listening');
  });
  afterAll(async () => {
    await browser?.close();
    await rtsp?.close();
    snapshotHttp?.close();
  });

  it('creates a site, finds it without accents, edits it, toggles it and opens its detail', async () => {
    company = await registerViaApi('Sites');
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);

    await page.goto('/dashboard/sites');
    await page.getByRole('heading', { level: 1, name: 'Sites de surveillance' }).waitFor();
    await page.getByText('Aucun site trouvé').waitFor();
    await expectNoSeriousA11y(page);

    // Creation through the dialog, with the spec's labels and toasts.
    await page.getByRole('button', { name: 'Nouveau site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau site' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Créer le site' }).click();
    await dialog.getByText('Le nom du site est obligatoire').waitFor();
    await dialog.getByLabel('Nom du site').fill(siteName);
    await pickOption(page, '#site-type', 'Résidentiel');
    await dialog.getByLabel('Adresse').fill('12 avenue des Pins, 13008 Marseille');
    await dialog.getByLabel('Nom du contact').fill('Hélène Garnier');
    await dialog.getByLabel('Téléphone du contact').fill('+33 4 91 00 00 01');
    await dialog.getByLabel('Email du contact').fill('syndic@les-pins.fr');
    await dialog.getByLabel('Latitude').fill('43.2625');
    await dialog.getByLabel('Longitude').fill('5.3811');
    await screenshot(page, 'site-dialog-desktop');
    await expectNoSeriousA11y(page);
    await dialog.getByRole('button', { name: 'Créer le site' }).click();
    await page.getByText('Le site a été ajouté avec succès').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await card(page, siteName).waitFor();
    expect(await card(page, siteName).textContent()).toContain('Résidentiel');

    // Server-side search ignores accents and case.
    await createSiteViaApi(company, 'Entrepôt Nord', 'ZI des Hauts, 59000 Lille');
    await page.reload();
    await expect.poll(() => page.getByTestId('site-card').count()).toBe(2);
    await page.getByLabel('Rechercher un site par nom ou adresse').fill('resid');
    await expect.poll(() => page.getByTestId('site-card').count()).toBe(1);
    expect(await page.getByTestId('site-card').textContent()).toContain(siteName);
    await page.getByLabel('Rechercher un site par nom ou adresse').fill('zzz');
    await page.getByText('Aucun site trouvé').waitFor();
    await page.getByLabel('Rechercher un site par nom ou adresse').fill('');
    await expect.poll(() => page.getByTestId('site-card').count()).toBe(2);

    // Edit.
    await page.getByRole('button', { name: `Modifier ${siteName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le site' });
    await edit.waitFor();
    expect(await edit.getByLabel('Nom du site').inputValue()).toBe(siteName);
    await edit.getByLabel('Téléphone du contact').fill('+33 4 91 00 00 99');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Site modifié').first().waitFor();
    await expect.poll(() => card(page, siteName).textContent()).toContain('+33 4 91 00 00 99');

    // Actif / Inactif.
    await page.getByRole('button', { name: `Plus d'actions pour ${siteName}` }).click();
    await page.getByRole('menuitem', { name: 'Passer en Inactif' }).click();
    await expect.poll(() => card(page, siteName).textContent()).toContain('Inactif');
    await page.getByRole('button', { name: `Plus d'actions pour ${siteName}` }).click();
    await page.getByRole('menuitem', { name: 'Passer en Actif' }).click();
    await expect.poll(() => card(page, siteName).textContent()).not.toContain('Inactif');

    // Deletion of a site nothing depends on.
    await page.getByRole('button', { name: "Plus d'actions pour Entrepôt Nord" }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer ce site ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.getByText('Site supprimé').first().waitFor();
    await expect.poll(() => page.getByTestId('site-card').count()).toBe(1);
    await screenshot(page, 'sites-desktop');
    await expectNoSeriousA11y(page);

    // Detail.
    await page.getByRole('button', { name: `Voir ${siteName}` }).click();
    const detail = page.getByRole('dialog', { name: siteName });
    await detail.waitFor();
    for (const text of ['Hélène Garnier', 'syndic@les-pins.fr', "Points d'accès", 'Agents', 'Alarmes']) {
      await detail.getByText(text).first().waitFor();
    }
    await detail.getByText('Aucune caméra installée sur ce site.').waitFor();
    await screenshot(page, 'site-detail-desktop');
    await expectNoSeriousA11y(page);
    await page.keyboard.press('Escape');

    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
    await context.close();
  });

  it('adds cameras whose health is probed for real, shows the live image and the overview', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const consoleErrors = watchConsole(page);
    await signIn(page, company.email, company.password);
    const closed = await closedPort();
    const snapshotUrl = `http://127.0.0.1:${portOf(snapshotHttp)}/snapshot.jpg`;

    await page.goto('/dashboard/cameras');
    await page.getByRole('heading', { level: 1, name: 'Caméras de surveillance' }).waitFor();
    expect(await page.getByTestId('cameras-online').textContent()).toBe('0/0 en ligne');

    // The NVR QR hint: a picture of the label fills the stream URL (decoder loaded on demand).
    await page.getByRole('button', { name: 'Ajouter caméra' }).click();
    const qrDialog = page.getByRole('dialog', { name: 'Ajouter une caméra' });
    await qrDialog.getByRole('button', { name: 'Scanner un QR code' }).click();
    await page.getByRole('dialog', { name: 'Scanner le QR code du NVR/DVR' }).waitFor();
    await page
      .getByTestId('qr-file-input')
      .setInputFiles({ name: 'nvr.png', mimeType: 'image/png', buffer: nvrQrPng });
    await expect
      .poll(() => qrDialog.getByLabel('URL RTSP / NVR / DVR').inputValue(), { timeout: 10_000 })
      .toBe('rtsp://192.168.1.64:554/Streaming/Channels/101');
    await qrDialog.getByRole('button', { name: 'Annuler' }).click();

    await addCameraThroughDialog(
      page,
      siteName,
      { name: 'Caméra Entrée', location: 'Hall principal', rtspUrl: rtsp.url('stream') },
      'camera-dialog-desktop',
    );
    await addCameraThroughDialog(page, siteName, {
      name: 'Caméra Quai',
      location: 'Quai de livraison',
      rtspUrl: `rtsp://127.0.0.1:${closed}/stream`,
    });
    await addCameraThroughDialog(page, siteName, {
      // A camera that only serves still images: probed on its image's port, shown as an image.
      name: 'Caméra Parking',
      location: 'Parking niveau -1',
      rtspUrl: '',
      snapshotUrl,
      ptz: true,
    });

    // The health monitor (1 s probes here) and the page's 10 s polling bring the statuses.
    const statusOf = (name: string) => row(page, name).getByTestId('camera-status').textContent();
    await expect.poll(() => statusOf('Caméra Entrée'), { timeout: 25_000 }).toBe('En ligne');
    await expect.poll(() => statusOf('Caméra Parking'), { timeout: 25_000 }).toBe('En ligne');
    expect(await statusOf('Caméra Quai')).toBe('Hors ligne');
    await expect.poll(() => page.getByTestId('cameras-online').textContent()).toBe('2/3 en ligne');
    expect(
      await row(page, 'Caméra Quai').getByRole('button', { name: 'Voir Caméra Quai' }).isDisabled(),
    ).toBe(true);
    expect(
      await row(page, 'Caméra Entrée').getByRole('button', { name: 'Voir Caméra Entrée' }).isEnabled(),
    ).toBe(true);
    expect(await row(page, 'Caméra Entrée').textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await screenshot(page, 'cameras-list-desktop');
    await expectNoSeriousA11y(page);

    // Search by name or location, site filter.
    await page.getByLabel('Rechercher une caméra par nom ou emplacement').fill('livraison');
    await expect.poll(() => page.getByTestId('camera-row').count()).toBe(1);
    await page.getByLabel('Rechercher une caméra par nom ou emplacement').fill('');
    await expect.poll(() => page.getByTestId('camera-row').count()).toBe(3);
    await page.getByLabel('Filtrer par site').click();
    await page.getByRole('option', { name: siteName }).click();
    await expect.poll(() => page.getByTestId('camera-row').count()).toBe(3);

    // The settings button edits the camera.
    await page.getByRole('button', { name: 'Paramètres de Caméra Quai' }).click();
    const settings = page.getByRole('dialog', { name: 'Paramètres de la caméra' });
    await settings.waitFor();
    await settings.getByLabel('Emplacement').fill('Quai de livraison Est');
    await settings.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Caméra modifiée').first().waitFor();
    await expect.poll(() => row(page, 'Caméra Quai').textContent()).toContain('Quai de livraison Est');

    // Live grid: the snapshot through the authenticated server route, refreshed every 2 s.
    await page.getByRole('button', { name: 'Vue live' }).click();
    const image = tile(page, 'Caméra Parking').getByTestId('camera-snapshot');
    await image.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);
    const hits = snapshotHits;
    await expect.poll(() => snapshotHits, { timeout: 10_000 }).toBeGreaterThan(hits + 1);
    await tile(page, 'Caméra Quai').getByText('Caméra hors ligne').waitFor();
    expect(
      await tile(page, 'Caméra Quai').getByRole('button', { name: 'Pause Caméra Quai' }).isDisabled(),
    ).toBe(true);
    // The camera with a stream plays it: frames decoded by Chromium (Media Source Extensions).
    await tile(page, 'Caméra Entrée').getByText('LIVE').waitFor({ timeout: 20_000 });
    await expect
      .poll(() =>
        tile(page, 'Caméra Entrée')
          .getByTestId('camera-video')
          .evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames),
      )
      .toBeGreaterThan(5);
    await tile(page, 'Caméra Parking')
      .getByRole('button', { name: "Pivoter l'image de Caméra Parking" })
      .click();
    expect(await image.getAttribute('style')).toContain('rotate(90deg)');
    // Pause stops the refresh.
    await tile(page, 'Caméra Parking').getByRole('button', { name: 'Pause Caméra Parking' }).click();
    await screenshot(page, 'cameras-live-desktop');
    await expectNoSeriousA11y(page);
    await tile(page, 'Caméra Parking').getByRole('button', { name: 'Lecture Caméra Parking' }).click();

    // Detail modal: live image, honest Enregistrer, a real JPEG download.
    await tile(page, 'Caméra Parking').getByRole('button', { name: 'Voir Caméra Parking' }).click();
    const detail = page.getByRole('dialog', { name: 'Caméra Parking' });
    await detail.waitFor();
    const detailImage = detail.getByTestId('camera-snapshot');
    await expect
      .poll(() => detailImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBe(320);
    expect(await detail.getByRole('button', { name: 'Enregistrer' }).isDisabled()).toBe(true);
    for (const text of ['Informations techniques', 'Vision nocturne', 'Détection de mouvement', 'PTZ']) {
      await detail.getByText(text).first().waitFor();
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: "Capture d'écran" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^capture-camera-parking-\d{8}-\d{6}\.jpg$/);
    await screenshot(page, 'camera-detail-desktop');
    await expectNoSeriousA11y(page);
    await page.keyboard.press('Escape');

    // A site with cameras cannot be deleted: the server's French reason is shown.
    await page.goto('/dashboard/sites');
    await page.getByRole('button', { name: `Plus d'actions pour ${siteName}` }).click();
    await page.getByRole('menuitem', { name: 'Supprimer' }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer ce site ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page
      .getByText(/Impossible de supprimer ce site : 3 caméras y sont rattachées/)
      .first()
      .waitFor();

    // Overview: one call, real figures.
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    await page.getByTestId('system-status').waitFor();
    const main = page.locator('main');
    await expect.poll(() => main.textContent()).toContain('2/3');
    await expect.poll(() => main.textContent()).toContain('+1 ce mois-ci');
    const text = (await main.textContent()) ?? '';
    expect(text).toContain('Sites surveillés');
    expect(text).toContain('+1 ce mois-ci');
    expect(text).toContain('Aucune alerte récente');
    expect(text).toContain(siteName);
    expect(text).toMatch(/Système (opérationnel|dégradé)/);
    await screenshot(page, 'overview-desktop');
    await expectNoSeriousA11y(page);

    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
    await context.close();
  });

  it('is usable at phone width', async () => {
    const context = await newContext(browser, 'phone');
    const page = await context.newPage();
    const noHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    await signIn(page, company.email, company.password);
    await page.getByTestId('system-status').waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain('Caméras actives');
    expect(await noHorizontalScroll()).toBe(true);
    await screenshot(page, 'overview-phone');

    await page.goto('/dashboard/sites');
    await card(page, siteName).waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await screenshot(page, 'sites-phone');
    await page.getByRole('button', { name: 'Nouveau site' }).click();
    await page.getByRole('dialog', { name: 'Nouveau site' }).waitFor();
    await screenshot(page, 'site-dialog-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Voir ${siteName}` }).click();
    await page.getByRole('dialog', { name: siteName }).getByText('Caméra Parking').waitFor();
    await screenshot(page, 'site-detail-phone');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/cameras');
    await row(page, 'Caméra Parking').waitFor();
    expect(await noHorizontalScroll()).toBe(true);
    await screenshot(page, 'cameras-list-phone');
    await page.getByRole('button', { name: 'Vue live' }).click();
    await tile(page, 'Caméra Parking').getByTestId('camera-snapshot').waitFor({ timeout: 15_000 });
    expect(await noHorizontalScroll()).toBe(true);
    await screenshot(page, 'cameras-live-phone');
    await tile(page, 'Caméra Parking').getByRole('button', { name: 'Voir Caméra Parking' }).click();
    await page.getByRole('dialog', { name: 'Caméra Parking' }).getByTestId('camera-snapshot').waitFor();
    await screenshot(page, 'camera-detail-phone');
    await expectNoSeriousA11y(page);
    await context.close();
  });

  it("shows the plan limit when a 'basic' company creates its 11th site", async () => {
    const basic = await registerViaApi('Starter', 'basic');
    for (let i = 1; i <= 10; i++) await createSiteViaApi(basic, `Site ${i}`);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, basic.email, basic.password);
    await page.goto('/dashboard/sites');
    await expect.poll(() => page.getByTestId('site-card').count(), { timeout: 20_000 }).toBe(10);
    await page.getByRole('button', { name: 'Nouveau site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau site' });
    await dialog.getByLabel('Nom du site').fill('Site 11');
    await dialog.getByLabel('Adresse').fill('11 rue du Onze, Lyon');
    await dialog.getByRole('button', { name: 'Créer le site' }).click();
    await page.getByText('Impossible de créer le site').first().waitFor();
    const toast = page.getByText(/Limite atteinte/).first();
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/Limite atteinte : l'offre Starter \(basic\) permet 10 sites/);
    await screenshot(page, 'sites-plan-limit-desktop');
    await context.close();
  });

  it('lets agents consult sites and cameras without management controls', async () => {
    const owner = await registerViaApi('Agents');
    await createSiteViaApi(owner, 'Site consulté');
    const email = `agent-${uniqueId()}@exemple.fr`;
    const created = await api(
      'POST',
      '/api/users',
      { name: 'Agent Terrain', email, password: 'secret12', role: 'agent' },
      owner.token,
    );
    expect(created.status).toBe(201);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, email, 'secret12');
    await page.goto('/dashboard/sites');
    await card(page, 'Site consulté').waitFor();
    expect(await page.getByRole('button', { name: 'Nouveau site' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Modifier Site consulté' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: "Plus d'actions pour Site consulté" }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Voir Site consulté' }).count()).toBe(1);
    await page.goto('/dashboard/cameras');
    await page.getByRole('heading', { level: 1, name: 'Caméras de surveillance' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter caméra' }).count()).toBe(0);
    await context.close();
  });
});
