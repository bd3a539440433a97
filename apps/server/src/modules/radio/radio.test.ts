// Radios, channels, the handsets' API, SOS with the nearest agents, alerts and the summary card:
// happy paths, bad input, sessions, roles and other companies, on both engines.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { createSite } from '../planning/test-support';
import { purgeRecordings } from './communications/communications.jobs';
import { agentOnDuty, concorde, createChannel, createRadio, gatewayKey, nextImei } from './test-support';

describe.each(engines)('radio on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  /** A statement under the company's row-level security, as the application runs it. */
  const asCompany = (companyId: string, query: ReturnType<typeof sql>) =>
    t.db.withTenant(companyId, (tx) => tx.execute(query));

  it('adds, lists (with and without the trailing slash), edits and removes radios; checks the IMEI', async () => {
    const owner = await registerCompany(t.app);
    const imei = nextImei();
    const radio = await createRadio(t.app, owner, { radioId: `${imei.slice(0, 5)} ${imei.slice(5)}` });
    expect(radio).toMatchObject({
      radioId: imei,
      status: 'active',
      agentId: null,
      battery: null,
      online: false,
    });
    for (const url of ['/api/radio/radios/', '/api/radio/radios']) {
      const list = await get(url, owner.auth);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((r: { id: string }) => r.id)).toEqual([radio.id]);
      expect(list.headers['x-total-count']).toBe('1');
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/radio/radios/',
      headers: owner.auth,
      payload: { radioId: `${imei.slice(0, 14)}${(Number(imei[14]) + 1) % 10}`, serialNumber: 'X' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe("L'IMEI est invalide (chiffre de contrôle incorrect)");
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/radio/radios',
      headers: owner.auth,
      payload: { radioId: '12345', serialNumber: 'X' },
    });
    expect(short.json().detail[0].msg).toBe("L'IMEI doit compter 15 chiffres");
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/radio/radios/',
      headers: owner.auth,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/radio/radios/',
      headers: owner.auth,
      payload: { radioId: imei, serialNumber: 'Y' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Cette radio (IMEI) est déjà enregistrée');
    // A known IMEI, the well-known example with a valid check digit.
    const known = await createRadio(t.app, owner, { radioId: '490154203237518' });
    expect(known.radioId).toBe('490154203237518');

    const agentRes = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: owner.auth,
      payload: {
        name: 'Karim Benali',
        badge: `AG-${imei.slice(-6)}`,
        phone: '0612345678',
        email: `karim-${imei.slice(-6)}@exemple.fr`,
        speciality: 'Surveillance',
        level: 'senior',
        hireDate: '2023-03-01',
        cnapsNumber: 'CAR-075-2035-03-14-20190123456',
        cnapsExpiresOn: '2035-03-14',
      },
    });
    const agentId = agentRes.json().id as string;
    const assigned = await t.app.inject({
      method: 'PATCH',
      url: `/api/radio/radios/${radio.id}`,
      headers: owner.auth,
      payload: { agentId },
    });
    expect(assigned.json()).toMatchObject({ agentId, agentName: 'Karim Benali', status: 'assigned' });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/radio/radios/${known.id}`,
      headers: owner.auth,
    });
    expect(gone.statusCode).toBe(204);
    expect((await get(`/api/radio/radios/${known.id}`, owner.auth)).statusCode).toBe(404);

    // Sessions, roles, other companies.
    expect((await get('/api/radio/radios/', {})).statusCode).toBe(401);
    const agentUser = await addUser(t.app, owner, 'agent');
    expect((await get('/api/radio/radios/', agentUser.auth)).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/radio/radios/',
      headers: agentUser.auth,
      payload: { radioId: nextImei(), serialNumber: 'Z' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Seuls les administrateurs et les opérateurs peuvent gérer les radios',
    );
    const other = await registerCompany(t.app);
    expect((await get(`/api/radio/radios/${radio.id}`, other.auth)).statusCode).toBe(404);
    expect((await get('/api/radio/radios/', other.auth)).json()).toEqual([]);
    const foreignAgent = await t.app.inject({
      method: 'POST',
      url: '/api/radio/radios/',
      headers: other.auth,
      payload: { radioId: nextImei(), serialNumber: 'Z', agentId },
    });
    expect(foreignAgent.statusCode).toBe(404);
    // The same IMEI may exist in another company (unique per company).
    expect((await createRadio(t.app, other, { radioId: imei })).radioId).toBe(imei);
  });

  it('creates channels with members; activeMembers counts members on duty and radios online', async () => {
    const owner = await registerCompany(t.app);
    const { agent } = await agentOnDuty(t.app, owner, 'Sophie Martin');
    const offline = await createRadio(t.app, owner);
    const online = await createRadio(t.app, owner);
    const key = await gatewayKey(t.app, owner);
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: key,
      payload: { imei: online.radioId, battery: 80, signal: 90 },
    });
    expect(status.statusCode).toBe(200);
    const channel = await createChannel(t.app, owner, {
      name: 'Site Concorde',
      priority: 1,
      description: 'Équipe de jour',
      agentIds: [agent.id],
      radioIds: [offline.id, online.id],
    });
    expect(channel).toMatchObject({ name: 'Site Concorde', type: 'site', priority: 1, activeMembers: 2 });
    const members = await get(`/api/radio/channels/${channel.id}/members`, owner.auth);
    expect(members.json()).toHaveLength(3);
    expect(members.json().filter((m: { active: boolean }) => m.active)).toHaveLength(2);
    const urgent = await createChannel(t.app, owner, { name: 'Urgence', type: 'emergency', priority: 2 });
    // Urgence first.
    const list = await get('/api/radio/channels/', owner.auth);
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([urgent.id, channel.id]);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/radio/channels/',
      headers: owner.auth,
      payload: { name: 'site concorde', type: 'site' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Un canal porte déjà ce nom');
    const badType = await t.app.inject({
      method: 'POST',
      url: '/api/radio/channels',
      headers: owner.auth,
      payload: { name: 'X', type: 'radio', priority: 5 },
    });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().detail.map((d: { msg: string }) => d.msg)).toEqual(
      expect.arrayContaining([
        'Type de canal invalide (site, emergency, general ou team)',
        'Priorité invalide (0, 1 ou 2)',
      ]),
    );
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/radio/channels/${channel.id}/members`,
      headers: owner.auth,
      payload: { agentIds: [], radioIds: [online.id] },
    });
    expect(set.json()).toMatchObject({ memberCount: 1, activeMembers: 1 });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/radio/channels/${channel.id}`,
      headers: owner.auth,
      payload: { priority: 0 },
    });
    expect(edit.json()).toMatchObject({ priority: 0, description: 'Équipe de jour' });
    const other = await registerCompany(t.app);
    expect((await get(`/api/radio/channels/${channel.id}`, other.auth)).statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/radio/channels/${urgent.id}/members`,
      headers: owner.auth,
      payload: { agentIds: [], radioIds: [(await createRadio(t.app, other)).id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail[0].msg).toBe('Une des radios est introuvable');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/radio/channels/${urgent.id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(204);
  });

  it('takes status reports from handsets; unknown IMEI, other company and wrong key are refused', async () => {
    const owner = await registerCompany(t.app);
    const radio = await createRadio(t.app, owner);
    const channel = await createChannel(t.app, owner, { name: 'Général' });
    const key = await gatewayKey(t.app, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: key,
      payload: {
        imei: radio.radioId,
        battery: 42,
        signal: 65,
        channel: 'général',
        position: { ...concorde, accuracy: 8 },
      },
    });
    expect(res.json()).toEqual({ ok: true, radioId: radio.id });
    const read = (await get(`/api/radio/radios/${radio.id}`, owner.auth)).json();
    expect(read).toMatchObject({
      battery: 42,
      signalStrength: 65,
      currentChannelId: channel.id,
      currentChannel: 'Général',
      online: true,
      lastLocation: { lat: concorde.lat, lng: concorde.lng, accuracy: 8 },
    });
    // Pushed only when a screen would show a difference: back online, a colour crossing, a channel.
    const pushes = async () =>
      rowsOf<{ n: number }>(
        await asCompany(
          owner.company.id,
          sql`select count(*)::int as n from events where company_id = ${owner.company.id}
               and type = 'radio.changed' and payload->>'change' = 'status'`,
        ),
      )[0]?.n;
    const report = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/radio/device/status',
        headers: key,
        payload: { imei: radio.radioId, ...payload },
      });
    expect(await pushes()).toBe(1);
    expect((await report({ battery: 40, signal: 60, channel: channel.id })).statusCode).toBe(200);
    expect(await pushes()).toBe(1);
    expect((await report({ battery: 80 })).statusCode).toBe(200);
    expect(await pushes()).toBe(2);
    const team = await createChannel(t.app, owner, { name: 'Équipe nuit' });
    expect((await report({ channel: team.id })).statusCode).toBe(200);
    expect(await pushes()).toBe(3);
    expect((await get(`/api/radio/radios/${radio.id}`, owner.auth)).json()).toMatchObject({
      battery: 80,
      signalStrength: 60,
      currentChannelId: team.id,
    });
    expect((await report({ battery: 42, signal: 65, channel: 'GÉNÉRAL' })).statusCode).toBe(200);
    expect(await pushes()).toBe(4);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: key,
      payload: { imei: nextImei(), battery: 50 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(
      "Radio inconnue : cet IMEI n'est enregistré dans aucune radio de la société",
    );
    const other = await registerCompany(t.app);
    const otherKey = await gatewayKey(t.app, other);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: otherKey,
      payload: { imei: radio.radioId, battery: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    const badChannel = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: key,
      payload: { imei: radio.radioId, channel: 'Inexistant' },
    });
    expect(badChannel.statusCode).toBe(422);
    const badBattery = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: key,
      payload: { imei: radio.radioId, battery: 140 },
    });
    expect(badBattery.statusCode).toBe(422);
    expect(badBattery.json().detail[0].msg).toBe('La batterie doit être comprise entre 0 et 100');
    const alarmsKey = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/keys',
      headers: owner.auth,
      payload: { name: 'Centrale' },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: { 'x-api-key': alarmsKey.json().key },
      payload: { imei: radio.radioId },
    });
    expect(wrong.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/radio/device/status', payload: {} })).statusCode,
    ).toBe(401);
    // Still 42 %: nothing of the refused reports was written.
    expect((await get(`/api/radio/radios/${radio.id}`, owner.auth)).json().battery).toBe(42);
  });

  it('detects an emergency in a transcript: radio alert, critical alarm on the site, push; routine traffic does not', async () => {
    const owner = await registerCompany(t.app);
    const { agent, site } = await agentOnDuty(t.app, owner, 'Julien Moreau');
    const radio = await createRadio(t.app, owner, { agentId: agent.id });
    await createChannel(t.app, owner, { name: 'Site Nord' });
    const key = await gatewayKey(t.app, owner);
    const say = (transcript: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/radio/device/communications',
        headers: key,
        payload: { imei: radio.radioId, channel: 'Site Nord', transcript, durationMs: 3200 },
      });
    const routine = await say('RAS, ronde terminée au parking B');
    expect(routine.statusCode).toBe(201);
    expect(routine.json()).toMatchObject({
      emergencyDetected: false,
      fromAgentName: 'Julien Moreau',
      channelName: 'Site Nord',
    });
    expect((await get('/api/radio/alerts/', owner.auth)).json()).toEqual([]);
    const help = await say("Au secours, on m'agresse au portail nord");
    expect(help.json()).toMatchObject({
      emergencyDetected: true,
      transcriptStatus: 'done',
      aiAnalysis: { category: 'agression', recommendation: 'Envoyer des renforts et prévenir le 17' },
    });
    expect(help.json().aiAnalysis.keywords_found).toContain('au secours');
    const alerts = (await get('/api/radio/alerts/', owner.auth)).json();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      type: 'emergency',
      status: 'active',
      agentName: 'Julien Moreau',
      category: 'agression',
      communicationId: help.json().id,
      siteId: site.id,
    });
    const alarm = (await get(`/api/alarms/${alerts[0].alarmId}`, owner.auth)).json();
    expect(alarm).toMatchObject({ type: 'panic', severity: 'critical', siteId: site.id });
    const events = rowsOf<{ type: string }>(
      await asCompany(
        owner.company.id,
        sql`select type from events where company_id = ${owner.company.id} and type in ('radio.alert', 'alarm.created')`,
      ),
    ).map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['radio.alert', 'alarm.created']));
    const comms = await get('/api/radio/communications/?limit=5', owner.auth);
    expect(comms.json().map((c: { emergencyDetected: boolean }) => c.emergencyDetected)).toEqual([
      true,
      false,
    ]);
    const onlyEmergencies = await get('/api/radio/communications/?emergency=true', owner.auth);
    expect(onlyEmergencies.json()).toHaveLength(1);
    const badAudio = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/communications',
      headers: key,
      payload: {
        imei: radio.radioId,
        channel: 'Site Nord',
        audio: Buffer.from('pas du son du tout').toString('base64'),
      },
    });
    expect(badAudio.statusCode).toBe(422);
  });

  it('pages the communications journal by cursor, newest first, with its total on every page; a channel filter pages too', async () => {
    const owner = await registerCompany(t.app);
    const other = await registerCompany(t.app);
    const radio = await createRadio(t.app, owner);
    const channel = await createChannel(t.app, owner, { name: 'Site Est' });
    await createChannel(t.app, owner, { name: 'Site Ouest' });
    const key = await gatewayKey(t.app, owner);
    const said: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/radio/device/communications',
        headers: key,
        payload: {
          imei: radio.radioId,
          channel: i % 2 === 0 ? 'Site Est' : 'Site Ouest',
          timestamp: new Date(Date.now() - (10 - i) * 1000).toISOString(),
          transcript: `Message ${i}, RAS`,
          durationMs: 1000,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      said.push(res.json().id);
    }
    /** Every page of a list through its Link headers: the ids, and each page's X-Total-Count. */
    const walk = async (first: string) => {
      const ids: string[] = [];
      const totals: string[] = [];
      let url: string | undefined = first;
      while (url) {
        const page = await get(url, owner.auth);
        expect(page.statusCode).toBe(200);
        ids.push(...page.json().map((c: { id: string }) => c.id));
        totals.push(String(page.headers['x-total-count']));
        url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
      }
      return { ids, totals };
    };
    const all = await walk('/api/radio/communications/?limit=3');
    expect(all.ids).toEqual([...said].reverse());
    expect(all.totals).toEqual(['7', '7', '7']);
    const east = await walk(`/api/radio/communications/?limit=2&channelId=${channel.id}`);
    expect(east.ids).toEqual([said[6], said[4], said[2], said[0]]);
    expect(east.totals).toEqual(['4', '4']);
    // Another company sees none of it, filter or not.
    expect((await get('/api/radio/communications/', other.auth)).json()).toEqual([]);
    const foreign = await get(`/api/radio/communications/?channelId=${channel.id}`, other.auth);
    expect(foreign.json()).toEqual([]);
    expect(foreign.headers['x-total-count']).toBe('0');
  });

  it('keeps a recording, plays it only to its company and audits every playback; purges past the retention', async () => {
    const owner = await registerCompany(t.app);
    const radio = await createRadio(t.app, owner);
    await createChannel(t.app, owner, { name: 'Équipe A' });
    const key = await gatewayKey(t.app, owner);
    // A minimal WAV: header and a few silent samples.
    const wav = Buffer.alloc(44 + 320);
    wav.write('RIFF', 0);
    wav.writeUInt32LE(36 + 320, 4);
    wav.write('WAVEfmt ', 8);
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(16000, 24);
    wav.writeUInt32LE(32000, 28);
    wav.writeUInt16LE(2, 32);
    wav.writeUInt16LE(16, 34);
    wav.write('data', 36);
    wav.writeUInt32LE(320, 40);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/communications',
      headers: key,
      payload: { imei: radio.radioId, channel: 'Équipe A', audio: wav.toString('base64'), durationMs: 10 },
    });
    expect(res.statusCode).toBe(201);
    // No speech-to-text service configured here: nothing pending.
    expect(res.json()).toMatchObject({ hasAudio: true, transcript: null, transcriptStatus: 'none' });
    const id = res.json().id as string;
    const audio = await get(`/api/radio/communications/${id}/audio`, owner.auth);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.equals(wav)).toBe(true);
    const other = await registerCompany(t.app);
    expect((await get(`/api/radio/communications/${id}/audio`, other.auth)).statusCode).toBe(404);
    const agentUser = await addUser(t.app, owner, 'agent');
    const agentPlay = await get(`/api/radio/communications/${id}/audio`, agentUser.auth);
    expect(agentPlay.statusCode).toBe(403);
    expect(agentPlay.json().detail).toBe(
      'Les enregistrements sont réservés aux administrateurs et aux opérateurs',
    );
    const audits = rowsOf<{ n: number }>(
      await asCompany(
        owner.company.id,
        sql`select count(*)::int as n from audit_log where company_id = ${owner.company.id} and action = 'radio_communication.audio_played'`,
      ),
    );
    expect(audits[0]?.n).toBe(1);

    const tooLong = await t.app.inject({
      method: 'PUT',
      url: '/api/radio/retention',
      headers: owner.auth,
      payload: { days: 365 },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().detail[0].msg).toBe('Les enregistrements sont conservés 6 mois au plus');
    const operator = await addUser(t.app, owner, 'operator');
    const notAdmin = await t.app.inject({
      method: 'PUT',
      url: '/api/radio/retention',
      headers: operator.auth,
      payload: { days: 30 },
    });
    expect(notAdmin.statusCode).toBe(403);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/radio/retention',
      headers: owner.auth,
      payload: { days: 30 },
    });
    expect(set.json()).toEqual({ days: 30 });
    expect(await purgeRecordings(t.app.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await purgeRecordings(t.app.db, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await get(`/api/radio/communications/${id}/audio`, owner.auth)).statusCode).toBe(404);
    const files = rowsOf<{ n: number }>(
      await asCompany(
        owner.company.id,
        sql`select count(*)::int as n from files where company_id = ${owner.company.id} and kind = 'radio_audio'`,
      ),
    );
    expect(files[0]?.n).toBe(0);
  });

  it('SOS from a radio card: critical panic alarm, nearest agent on duty with the distance, dispatch, resolve', async () => {
    const owner = await registerCompany(t.app);
    const { agent: near } = await agentOnDuty(t.app, owner, 'Nadia Kaci');
    const victimAgent = await agentOnDuty(t.app, owner, 'Paul Girard');
    const radio = await createRadio(t.app, owner, { agentId: victimAgent.agent.id });
    const key = await gatewayKey(t.app, owner);
    // The radio's last report: 300 m north of the Concorde.
    await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/status',
      headers: key,
      payload: {
        imei: radio.radioId,
        position: { lat: concorde.lat + 0.0027, lng: concorde.lng, accuracy: 5 },
      },
    });
    const sos = await t.app.inject({
      method: 'POST',
      url: '/api/radio/alerts/sos',
      headers: owner.auth,
      payload: { radio_id: radio.id },
    });
    expect(sos.statusCode).toBe(201);
    const alert = sos.json();
    expect(alert).toMatchObject({
      type: 'sos',
      severity: 'critical',
      status: 'active',
      agentName: 'Paul Girard',
      locationSource: 'radio',
      location: { lat: concorde.lat + 0.0027, lng: concorde.lng },
    });
    // The agent in distress is not proposed; the other one is, about 300 m away (clock-in position).
    expect(alert.nearestAgents.map((a: { name: string }) => a.name)).toEqual(['Nadia Kaci']);
    expect(alert.nearestAgents[0].distanceM).toBeGreaterThan(280);
    expect(alert.nearestAgents[0].distanceM).toBeLessThan(320);
    expect(alert.nearestAgents[0].positionSource).toBe('phone');
    const alarm = (await get(`/api/alarms/${alert.alarmId}`, owner.auth)).json();
    expect(alarm).toMatchObject({ type: 'panic', severity: 'critical' });
    // One notification for the SOS, not a second one for the alarm it raised.
    const notes = (await get('/api/notifications', owner.auth)).json();
    expect(notes.map((n: { kind: string }) => n.kind)).toEqual(['radio.sos']);

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/radio/alerts/${alert.id}/dispatch`,
      headers: owner.auth,
      payload: { agentId: near.id },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'acknowledged',
      dispatchedAgent: { agentId: near.id, name: 'Nadia Kaci' },
    });
    expect(sent.json().responseSeconds).toBeGreaterThanOrEqual(0);
    const timeline = (await get(`/api/alarms/${alert.alarmId}`, owner.auth)).json();
    expect(JSON.stringify(timeline)).toContain('Agent envoyé : Nadia Kaci');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/radio/alerts/${alert.id}/acknowledge`,
      headers: owner.auth,
    });
    expect(again.statusCode).toBe(409);
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/radio/alerts/${alert.id}/resolve`,
      headers: owner.auth,
      payload: { note: 'Agent secouru' },
    });
    expect(closed.json()).toMatchObject({ status: 'resolved' });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/radio/alerts/${alert.id}/resolve`,
      headers: owner.auth,
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Cette alerte est déjà close');

    // The device's own SOS, with its position; a radio never heard of has no position at all.
    const fromDevice = await t.app.inject({
      method: 'POST',
      url: '/api/radio/device/sos',
      headers: key,
      payload: { imei: radio.radioId, position: { ...concorde, accuracy: 12 } },
    });
    expect(fromDevice.statusCode).toBe(201);
    expect(fromDevice.json()).toMatchObject({ locationSource: 'device', location: concorde });
    expect(fromDevice.json().nearestAgents[0]).toMatchObject({ name: 'Nadia Kaci' });
    expect(fromDevice.json().nearestAgents[0].distanceM).toBeLessThan(10);
    const silent = await createRadio(t.app, owner);
    const blind = await t.app.inject({
      method: 'POST',
      url: '/api/radio/alerts/sos',
      headers: owner.auth,
      payload: { radio_id: silent.radioId },
    });
    expect(blind.json()).toMatchObject({ locationSource: 'none', location: null, nearestAgents: [] });
    const badLoc = await t.app.inject({
      method: 'POST',
      url: '/api/radio/alerts/sos',
      headers: owner.auth,
      payload: { radio_id: radio.id, location: { lat: 120, lng: 2 } },
    });
    expect(badLoc.statusCode).toBe(422);
    const other = await registerCompany(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/radio/alerts/sos',
      headers: other.auth,
      payload: { radio_id: radio.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/api/radio/alerts/${alert.id}`, other.auth)).statusCode).toBe(404);
    const agentUser = await addUser(t.app, owner, 'agent');
    const notOperator = await t.app.inject({
      method: 'POST',
      url: `/api/radio/alerts/${fromDevice.json().id}/acknowledge`,
      headers: agentUser.auth,
    });
    expect(notOperator.statusCode).toBe(403);
  });

  it('summary card: the spec rules and the response time computed from the alerts', async () => {
    const owner = await registerCompany(t.app);
    await createSite(t.app, owner);
    const empty = (await get('/api/radio/summary', owner.auth)).json();
    expect(empty).toMatchObject({ radiosTotal: 0, activeAlerts: 0, avgResponseMinutes: null });
    const a = await createRadio(t.app, owner);
    await createRadio(t.app, owner, { status: 'inactive' });
    await createRadio(t.app, owner, { status: 'inactive' });
    const coverage = (await get('/api/radio/summary', owner.auth)).json();
    expect(coverage).toMatchObject({
      radiosTotal: 3,
      radiosActive: 1,
      recommendation: { level: 'coverage' },
    });
    const sos = (
      await t.app.inject({
        method: 'POST',
        url: '/api/radio/alerts/sos',
        headers: owner.auth,
        payload: { radio_id: a.id },
      })
    ).json();
    expect((await get('/api/radio/summary', owner.auth)).json().recommendation.level).toBe('intervention');
    // Acknowledged 3 minutes after it was raised (moved back in time directly).
    await asCompany(
      owner.company.id,
      sql`update radio_alerts set created_at = now() - interval '3 minutes' where id = ${sos.id}`,
    );
    await t.app.inject({
      method: 'POST',
      url: `/api/radio/alerts/${sos.id}/acknowledge`,
      headers: owner.auth,
    });
    const after = (await get('/api/radio/summary', owner.auth)).json();
    expect(after.activeAlerts).toBe(0);
    expect(after.avgResponseMinutes).toBeGreaterThanOrEqual(2.9);
    expect(after.avgResponseMinutes).toBeLessThanOrEqual(3.2);
  });
});
