// The French texts the server writes into its read answers (the dashboard's system health, the
// radio card's recommendation, an access refusal's reason, the alarm receiver's detail), in the
// reader's language (issue 35): English and Spanish users of one company read their own language
// from the one dashboard answer kept in memory; French users read them as they always were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../lib/languages';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { check, createSite as createAccessSite, createPoint, readerKey } from '../access/test-support';
import { probeAllCameras } from '../cameras/camera-monitor';
import { createSite } from '../planning/test-support';
import { recommendationOf } from '../radio/radio.models';
import { createRadio } from '../radio/test-support';
import { overviewInLanguage } from './overview-language';

const frenchHealth = [
  {
    name: 'Caméras',
    status: 'Hors service',
    uptime: '0.0%',
    description: '0/1 caméras en ligne, disponibilité sur 24 h',
  },
  {
    name: 'Alarmes',
    status: 'Aucune donnée',
    uptime: null,
    description: "Aucune centrale d'alarme raccordée",
  },
  {
    name: 'Réception des alarmes',
    status: 'Aucune donnée',
    uptime: null,
    description: 'Réception des alarmes désactivée (ALARM_RECEIVER_PORT=off)',
  },
  { name: 'Accès', status: 'Aucune donnée', uptime: null, description: "Aucun point d'accès raccordé" },
  { name: 'Agents', status: 'Aucune donnée', uptime: null, description: 'Aucune garde en cours' },
];

describe.each(engines)('server texts in the reader language (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0' });
  });
  afterAll(() => t.close());

  const get = (url: string, who: Tenant) => t.app.inject({ method: 'GET', url, headers: who.auth });
  /** A user of the company (same role and timezone: the same kept answer) reading that language. */
  async function reader(owner: Tenant, language: 'fr' | 'en' | 'es') {
    const user = await addUser(t.app, owner, 'admin');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: user.auth,
      payload: { language },
    });
    expect(res.statusCode).toBe(200);
    return user;
  }

  it("writes the dashboard's system health in each reader's language from one kept answer", async () => {
    const owner = await registerCompany(t.app);
    const [french, english, spanish] = [
      await reader(owner, 'fr'),
      await reader(owner, 'en'),
      await reader(owner, 'es'),
    ];
    const site = await createSite(t.app, owner);
    // Port 1 on loopback: nothing listens there, the probe is refused at once (0/1 online).
    const camera = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.auth,
      payload: { siteId: site.id, name: 'Entrée', location: 'X', rtspUrl: 'rtsp://127.0.0.1:1/' },
    });
    expect(camera.statusCode).toBe(201);
    await probeAllCameras(t.db, t.app.outbound, { timeoutMs: 1000 });

    // English first: its read is the one kept in memory, and the kept answer is French.
    const en = await get('/api/dashboard/overview', english);
    expect(en.statusCode).toBe(200);
    const before = await get('/api/dashboard/overview', french);
    expect(before.json().systemHealth).toEqual(frenchHealth);
    expect(en.json().systemHealth).toEqual([
      {
        name: 'Cameras',
        status: 'Hors service', // a code of the contract: the web app names it
        uptime: '0.0%',
        description: '0/1 cameras online, availability over 24 h',
      },
      { name: 'Alarms', status: 'Aucune donnée', uptime: null, description: 'No alarm panel connected' },
      {
        name: 'Alarm receiver',
        status: 'Aucune donnée',
        uptime: null,
        description: 'Alarm receiver disabled (ALARM_RECEIVER_PORT=off)',
      },
      { name: 'Access', status: 'Aucune donnée', uptime: null, description: 'No access point connected' },
      { name: 'Officers', status: 'Aucune donnée', uptime: null, description: 'No shift in progress' },
    ]);
    // The rest of the answer is the French one's (figures, sites).
    expect({ ...en.json(), systemHealth: null }).toEqual({ ...before.json(), systemHealth: null });
    const es = (await get('/api/dashboard/overview', spanish)).json();
    expect(es.systemHealth.map((c: { name: string }) => c.name)).toEqual([
      'Cámaras',
      'Alarmas',
      'Recepción de alarmas',
      'Acceso',
      'Vigilantes',
    ]);
    expect(es.systemHealth[0].description).toBe('0/1 cámaras en línea, disponibilidad en 24 h');
    expect(es.systemHealth[4].description).toBe('Ningún turno en curso');
    // French after them: the very same bytes (the kept answer stayed French).
    const after = await get('/api/dashboard/overview', french);
    expect(after.body).toBe(before.body);
    expect((await get('/api/dashboard/overview', owner)).body).toBe(before.body);
  });

  it("writes the radio card's recommendation in the reader's language", async () => {
    const owner = await registerCompany(t.app);
    const [english, spanish] = [await reader(owner, 'en'), await reader(owner, 'es')];
    const text = async (who: Tenant) => {
      const res = await get('/api/radio/summary', who);
      expect(res.statusCode).toBe(200);
      return res.json().recommendation.text as string;
    };
    expect(await text(english)).toBe('System optimal: no active alert');
    expect(await text(spanish)).toBe('Sistema óptimo: ninguna alerta activa');
    expect(await text(owner)).toBe('Système optimal : aucune alerte active');

    const radio = await createRadio(t.app, owner);
    await createRadio(t.app, owner, { status: 'inactive' });
    await createRadio(t.app, owner, { status: 'inactive' });
    expect(await text(english)).toBe('Check the coverage: 1 radio active out of 3');
    expect(await text(spanish)).toBe('Verificar la cobertura: 1 radio activa de 3');
    expect(await text(owner)).toBe('Vérifier la couverture : 1 radio active sur 3');

    const sos = await t.app.inject({
      method: 'POST',
      url: '/api/radio/alerts/sos',
      headers: owner.auth,
      payload: { radio_id: radio.id },
    });
    expect(sos.statusCode).toBe(201);
    expect(await text(english)).toBe('Response recommended: 1 active alert to handle');
    expect(await text(spanish)).toBe('Intervención recomendada: 1 alerta activa por atender');
    expect(await text(owner)).toBe('Intervention recommandée : 1 alerte active à traiter');
  });

  it("writes an access refusal's reason and the alarm receiver's detail in the reader's language", async () => {
    const owner = await registerCompany(t.app);
    const [english, spanish] = [await reader(owner, 'en'), await reader(owner, 'es')];
    const site = await createAccessSite(t.app, owner);
    const point = await createPoint(t.app, owner, site.id);
    const key = await readerKey(t.app, owner, point.id);
    expect((await check(t.app, key.headers, 'UID-INCONNU', 'nfc')).statusCode).toBe(200);
    const reason = async (who: Tenant) => (await get('/api/access/logs', who)).json()[0].reason;
    expect(await reason(owner)).toBe('badge inconnu');
    expect(await reason(english)).toBe('unknown badge');
    expect(await reason(spanish)).toBe('tarjeta desconocida');

    const detail = async (who: Tenant) => (await get('/api/panels/receiver', who)).json().detail;
    expect(await detail(owner)).toBe('Réception des alarmes désactivée (ALARM_RECEIVER_PORT=off)');
    expect(await detail(english)).toBe('Alarm receiver disabled (ALARM_RECEIVER_PORT=off)');
    expect(await detail(spanish)).toBe('Recepción de alarmas desactivada (ALARM_RECEIVER_PORT=off)');
  });
});

describe('texts of the overview matched back to their messages', () => {
  const overview = (description: string, name = 'Alarmes') => ({
    stats: {} as never,
    recentAlerts: [],
    activeSites: [],
    alarmsPerDay: [],
    systemHealth: [{ name, status: 'Dégradé' as const, uptime: null, description }],
  });
  const inEnglish = (description: string, name?: string) => {
    const [line] = overviewInLanguage('en', overview(description, name)).systemHealth;
    if (!line) throw new Error('no line');
    return line;
  };

  it('translates each part of a line joined by « ; »', () => {
    expect(
      inEnglish(
        "3/5 centrales d'alarme ont émis un signal de vie dans les 10 dernières minutes ; 2 centrales DC-09, dont 1 en perte de liaison",
      ).description,
    ).toBe('3/5 alarm panels sent a heartbeat in the last 10 minutes ; 2 DC-09 panels, 1 with link lost');
    expect(
      inEnglish(
        'Réception des alarmes en écoute sur le port 12000 (TCP et UDP) ; Port 12001 déjà utilisé : entrée Sur-Gard arrêtée',
        'Réception des alarmes',
      ),
    ).toMatchObject({
      name: 'Alarm receiver',
      description:
        'Alarm receiver listening on port 12000 (TCP and UDP) ; Port 12001 already in use: Sur-Gard input stopped',
    });
    expect(
      overviewInLanguage(
        'es',
        overview(
          'Réception des alarmes en écoute sur le port 12000 en TCP seulement : UDP indisponible (port déjà utilisé)',
        ),
      ).systemHealth[0]?.description,
    ).toBe(
      'Recepción de alarmas a la escucha en el puerto 12000 solo en TCP: UDP no disponible (puerto ya en uso)',
    );
  });

  it('leaves French and unknown texts as they are', () => {
    const french = overview('1 centrale DC-09, dont 0 en perte de liaison');
    expect(overviewInLanguage('fr', french)).toBe(french);
    expect(inEnglish('Texte venu d’ailleurs', 'Nom libre')).toMatchObject({
      name: 'Nom libre',
      description: 'Texte venu d’ailleurs',
    });
    expect(inEnglish('1 centrale DC-09, dont 0 en perte de liaison').description).toBe(
      '1 DC-09 panel, 0 with link lost',
    );
  });

  it('keeps the French recommendation as it was written before, plurals included', () => {
    expect(recommendationOf(0, 0, 10).text).toBe('Vérifier la couverture : 0 radio active sur 10');
    expect(recommendationOf(0, 1200, 3000).text).toBe(
      'Vérifier la couverture : 1200 radios actives sur 3000',
    );
    expect(recommendationOf(1200, 0, 0).text).toBe(
      'Intervention recommandée : 1200 alertes actives à traiter',
    );
    expect(recommendationOf(0, 0, 10, 'en').text).toBe('Check the coverage: 0 radios active out of 10');
    expect(translate('es', recommendationOf(0, 0, 0).text)).toBe('Sistema óptimo: ninguna alerta activa');
  });
});
