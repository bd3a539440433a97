// The receiver end to end (issue 32): a real app with its DC-09 receiver on a free port, panels
// seeded under RLS, frames built by the protocol's own writer and sent over TCP and UDP by the
// tests' dialler; what they create read back through the API and the database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type TestApp } from '../../../test/harness';
import { buildFrame } from '../protocol/answer';
import { SURGARD_ACK } from '../protocol/surgard';
import { dialSurgard, dialTcp, dialUdp, type TcpDialler } from '../receiver/test-dialler';
import { receiverInfoOf } from '../receiver-state';
import { receiverInfo } from './receiver-runtime';
import { runSupervisionPass } from './supervision.jobs';
import {
  addSite,
  alarmsOf,
  answerOf,
  givePrefix,
  logbookOf,
  panelFrame,
  rowsIn,
  seedPanel,
  signalsOf,
} from './test-support';

const SURGARD_PREFIX = 'A5A5A';
const hexKey = '000102030405060708090A0B0C0D0E0F';
const keyBytes = Buffer.from(hexKey, 'hex');

describe.each(engines)('alarm receiver ingest on %s', (engine) => {
  let t: TestApp;
  let tcpPort: number;
  let udpPort: number;
  let surgardPort: number;
  let tcp: TcpDialler;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      ALARM_RECEIVER_PORT: '0',
      SURGARD_PORT: '0',
      SURGARD_LINE_PREFIX: SURGARD_PREFIX,
    });
    const ports = t.app.panelReceiverPorts();
    tcpPort = ports.tcp as number;
    udpPort = ports.udp as number;
    surgardPort = ports.surgard as number;
    tcp = await dialTcp(tcpPort);
  });
  afterAll(async () => {
    await tcp?.close();
    await t?.close();
  });

  /** A company with a site, its line prefix and one panel. */
  async function setup(opts: Partial<Parameters<typeof seedPanel>[2]> & { prefix?: string } = {}) {
    const tenant = await registerCompany(t.app);
    const siteId = await addSite(t, tenant);
    const prefix = await givePrefix(t, tenant.company.id, opts.prefix);
    const account = opts.account ?? '1234';
    const panelId = await seedPanel(t, tenant, {
      siteId,
      name: 'Entrepôt',
      zones: [{ number: 1, name: "Porte d'entrée" }],
      ...opts,
      account,
    });
    return { tenant, siteId, prefix, account, panelId };
  }

  const send = async (bytes: Buffer) => {
    tcp.send(bytes);
    return tcp.nextAnswer(3000);
  };

  it('is up on its port and says so in system health', async () => {
    const info = receiverInfoOf(t.app);
    expect(info).toMatchObject({ state: 'up', port: tcpPort, surgardPort });
    expect(info.detail).toContain(`port ${tcpPort}`);
    const owner = await registerCompany(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: owner.auth });
    const health = res.json().systemHealth as { name: string; status: string; description: string }[];
    expect(health.find((h) => h.name === 'Réception des alarmes')).toMatchObject({
      status: 'Actif',
      description: expect.stringContaining(`${tcpPort}`),
    });
  });

  it('turns a burglary frame into an alarm on the right site within 1 s, on the event stream', async () => {
    const { tenant, siteId, prefix, account, panelId } = await setup();
    const started = Date.now();
    const answer = answerOf(
      await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: `#${account}|Nri1/BA01` })),
    );
    expect(answer?.id).toBe('ACK');
    expect(answer?.account).toBe(account);
    // The ACK comes after the commit: the alarm is there as soon as it is.
    const alarms = await alarmsOf(t, tenant.company.id);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      site_id: siteId,
      type: 'intrusion',
      severity: 'high',
      title: 'Intrusion',
      location: "Porte d'entrée",
      source: 'device',
      status: 'active',
    });
    expect(alarms[0]?.description).toContain('Centrale Entrepôt, compte 1234');
    const events = await rowsIn<{ type: string; payload: { id: string } }>(
      t,
      tenant.company.id,
      sql`select type, payload from events where company_id = ${tenant.company.id} and type = 'alarm.created'`,
    );
    expect(events.map((e) => e.payload.id)).toEqual([alarms[0]?.id]);
    const journal = await signalsOf(t, tenant.company.id, panelId);
    expect(journal).toEqual([
      expect.objectContaining({
        outcome: 'alarm',
        answer: 'ACK',
        alarm_id: alarms[0]?.id,
        transport: 'tcp',
        zone: 1,
      }),
    ]);
    expect(journal[0]?.meaning).toContain('Intrusion zone 01');

    // The restore: « Rétablissement » on the open alarm's timeline, which stays open.
    expect(answerOf(await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/BR01' })))?.id).toBe(
      'ACK',
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/alarms/${alarms[0]?.id}`,
      headers: tenant.auth,
    });
    const alarm = res.json();
    expect(alarm.status).toBe('active');
    expect(alarm.timeline.some((e: { note: string | null }) => e.note?.startsWith('Rétablissement'))).toBe(
      true,
    );
    expect((await signalsOf(t, tenant.company.id, panelId))[1]).toMatchObject({
      outcome: 'restore',
      alarm_id: alarms[0]?.id,
    });
    // A zone without a name is « Zone 02 ».
    await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/BA02' }));
    expect((await alarmsOf(t, tenant.company.id))[1]?.location).toBe('Zone 02');
  });

  it('answers a resent frame (lost ACK) with ACK again and creates one alarm, over TCP and UDP', async () => {
    const { tenant, prefix, account, panelId } = await setup();
    const frame = panelFrame({ id: 'ADM-CID', prefix, account, data: `#${account}|1130 01 015` });
    expect(answerOf(await send(frame))?.id).toBe('ACK');
    expect(answerOf(await send(frame))?.id).toBe('ACK');
    expect(answerOf(await dialUdp(udpPort, frame, 3000))?.id).toBe('ACK');
    expect(await alarmsOf(t, tenant.company.id)).toHaveLength(1);
    expect((await signalsOf(t, tenant.company.id, panelId)).map((s) => s.outcome)).toEqual([
      'alarm',
      'duplicate',
      'duplicate',
    ]);
    // A new sequence with the same content is a new event.
    const udpFrame = panelFrame({ id: 'ADM-CID', prefix, account, data: `#${account}|1130 01 015` });
    expect(answerOf(await dialUdp(udpPort, udpFrame, 3000))?.id).toBe('ACK');
    expect(await alarmsOf(t, tenant.company.id)).toHaveLength(2);
    expect((await signalsOf(t, tenant.company.id, panelId)).at(-1)?.transport).toBe('udp');
  });

  it('handles several frames in one TCP segment', async () => {
    const { tenant, prefix, account } = await setup();
    const both = Buffer.concat([
      panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/FA01' }),
      panelFrame({ id: 'NULL', prefix, account }),
    ]);
    tcp.send(both);
    expect(answerOf(await tcp.nextAnswer(3000))?.id).toBe('ACK');
    expect(answerOf(await tcp.nextAnswer(3000))?.id).toBe('ACK');
    expect((await alarmsOf(t, tenant.company.id)).map((a) => a.type)).toEqual(['fire']);
  });

  it('decrypts an AES-128 frame and answers an encrypted ACK; a wrong key or a clear frame gets DUH', async () => {
    const { tenant, prefix, account, panelId } = await setup({ aesKey: hexKey });
    const good = panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/PA01', key: keyBytes });
    const ack = await send(good);
    expect(ack?.toString('latin1')).toContain('"*ACK"');
    expect(answerOf(ack, keyBytes)?.id).toBe('ACK');
    expect((await alarmsOf(t, tenant.company.id)).map((a) => a.type)).toEqual(['panic']);
    const journal = await signalsOf(t, tenant.company.id, panelId);
    expect(journal[0]?.raw).toContain('(déchiffrée) [Nri1/PA01]');

    const wrongKey = Buffer.from('ffffffffffffffffffffffffffffffff', 'hex');
    const wrong = await send(
      panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/PA01', key: wrongKey }),
    );
    expect(answerOf(wrong)?.id).toBe('DUH');
    const clear = await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/BA01' }));
    expect(answerOf(clear)?.id).toBe('DUH');
    expect(await alarmsOf(t, tenant.company.id)).toHaveLength(1);
    const refused = (await signalsOf(t, tenant.company.id, panelId)).slice(1);
    expect(refused.map((s) => [s.outcome, s.answer])).toEqual([
      ['refused', 'DUH'],
      ['refused', 'DUH'],
    ]);
    expect(refused[1]?.meaning).toContain('doivent être chiffrées');
  });

  it('accepts an ASCII AES-256 key', async () => {
    const ascii = 'Vigie-cle-AES-256-pour-essai-32!';
    const { tenant, prefix, account } = await setup({ aesKey: ascii });
    const frame = panelFrame({
      id: 'ADM-CID',
      prefix,
      account,
      data: '1110 01 003',
      key: Buffer.from(ascii),
    });
    expect(answerOf(await send(frame), Buffer.from(ascii))?.id).toBe('ACK');
    expect((await alarmsOf(t, tenant.company.id)).map((a) => a.type)).toEqual(['fire']);
  });

  it('answers NAK with its own time to a late frame, and DUH to an unknown account', async () => {
    const { tenant, prefix, account, panelId } = await setup();
    const late = panelFrame({
      id: 'SIA-DCS',
      prefix,
      account,
      data: 'Nri1/BA01',
      timestamp: new Date(Date.now() - 120_000),
    });
    const nak = answerOf(await send(late));
    expect(nak?.id).toBe('NAK');
    expect(Math.abs((nak?.timestamp?.getTime() ?? 0) - Date.now())).toBeLessThan(5_000);
    const early = panelFrame({
      id: 'SIA-DCS',
      prefix,
      account,
      data: 'Nri1/BA01',
      timestamp: new Date(Date.now() + 60_000),
    });
    expect(answerOf(await send(early))?.id).toBe('NAK');
    expect(await alarmsOf(t, tenant.company.id)).toHaveLength(0);
    expect((await signalsOf(t, tenant.company.id, panelId)).map((s) => [s.outcome, s.answer])).toEqual([
      ['refused', 'NAK'],
      ['refused', 'NAK'],
    ]);
    const unknown = answerOf(
      await send(panelFrame({ id: 'SIA-DCS', prefix, account: 'ABC999', data: 'Nri1/BA01' })),
    );
    expect(unknown?.id).toBe('DUH');
    // A bad CRC gets no answer at all.
    const bad = Buffer.from(panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/BA01' }));
    bad[1] = bad[1] === 0x30 ? 0x31 : 0x30;
    tcp.send(bad);
    expect(await tcp.nextAnswer(500)).toBeNull();
  });

  it('never mixes two companies with the same account number', async () => {
    const a = await setup({ account: '7777' });
    const b = await setup({ account: '7777' });
    expect(a.prefix).not.toBe(b.prefix);
    expect(
      answerOf(
        await send(panelFrame({ id: 'SIA-DCS', prefix: a.prefix, account: '7777', data: 'Nri1/BA01' })),
      )?.id,
    ).toBe('ACK');
    expect(await alarmsOf(t, a.tenant.company.id)).toHaveLength(1);
    expect(await alarmsOf(t, b.tenant.company.id)).toHaveLength(0);
    expect(await signalsOf(t, b.tenant.company.id, b.panelId)).toHaveLength(0);
    // Prefix 0 (the factory setting) reaches no one.
    expect(
      answerOf(await send(panelFrame({ id: 'SIA-DCS', prefix: '0', account: '7777', data: 'Nri1/BA01' })))
        ?.id,
    ).toBe('DUH');
    expect(await alarmsOf(t, b.tenant.company.id)).toHaveLength(0);
  });

  it('stops answering for a deleted panel within seconds', async () => {
    const { tenant, prefix, account, panelId } = await setup();
    expect(answerOf(await send(panelFrame({ id: 'NULL', prefix, account })))?.id).toBe('ACK');
    await rowsIn(
      t,
      tenant.company.id,
      sql`delete from panels where company_id = ${tenant.company.id} and id = ${panelId}`,
    );
    expect(answerOf(await send(panelFrame({ id: 'NULL', prefix, account })))?.id).toBe('DUH');
  });

  it('raises nothing in test mode and journals « test »', async () => {
    const { tenant, siteId, prefix, account, panelId } = await setup({
      testUntil: new Date(Date.now() + 3_600_000),
    });
    expect(answerOf(await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/BA01' })))?.id).toBe(
      'ACK',
    );
    expect(answerOf(await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/CL003' })))?.id).toBe(
      'ACK',
    );
    expect(await alarmsOf(t, tenant.company.id)).toHaveLength(0);
    expect(await logbookOf(t, tenant, siteId)).toHaveLength(0);
    const notifications = await rowsIn<{ n: number }>(
      t,
      tenant.company.id,
      sql`select count(*)::int as n from notifications where company_id = ${tenant.company.id}`,
    );
    expect(notifications[0]?.n).toBe(0);
    expect((await signalsOf(t, tenant.company.id, panelId)).map((s) => s.outcome)).toEqual(['test', 'test']);
  });

  it('writes openings and closings to the main courante, not to the alarms; keeps unknown codes', async () => {
    const { tenant, siteId, prefix, account, panelId } = await setup();
    expect(answerOf(await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/CL003' })))?.id).toBe(
      'ACK',
    );
    expect(
      answerOf(await send(panelFrame({ id: 'ADM-CID', prefix, account, data: '1401 01 003' })))?.id,
    ).toBe('ACK');
    expect(answerOf(await send(panelFrame({ id: 'SIA-DCS', prefix, account, data: 'Nri1/ZZ07' })))?.id).toBe(
      'ACK',
    );
    expect(await alarmsOf(t, tenant.company.id)).toHaveLength(0);
    const entries = await logbookOf(t, tenant, siteId);
    const texts = entries.map((e) => e.text).reverse();
    expect(texts[0]).toContain('Mise en service');
    expect(texts[1]).toContain('Mise hors service');
    expect(texts[2]).toContain('Code SIA inconnu ZZ');
    expect(entries.every((e) => e.source === 'system' && e.author.name === 'Centrale Entrepôt')).toBe(true);
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/logbook/verify?siteId=${siteId}`,
      headers: tenant.auth,
    });
    expect(verify.json()).toMatchObject({ ok: true, checked: 3 });
    expect((await signalsOf(t, tenant.company.id, panelId)).map((s) => s.outcome)).toEqual([
      'logbook',
      'logbook',
      'unknown',
    ]);
  });

  it('raises one « Perte de liaison » for a silent supervised panel, and « Liaison rétablie » on its return', async () => {
    const { tenant, siteId, prefix, account, panelId } = await setup({ supervisionMinutes: 5 });
    expect(answerOf(await send(panelFrame({ id: 'NULL', prefix, account })))?.id).toBe('ACK');
    const later = new Date(Date.now() + 6 * 60_000);
    expect(await runSupervisionPass(t.db, new Date(Date.now() + 60_000))).toBe(0);
    expect(await runSupervisionPass(t.db, later)).toBeGreaterThanOrEqual(1);
    expect(await runSupervisionPass(t.db, new Date(later.getTime() + 60_000))).toBe(0);
    const alarms = await alarmsOf(t, tenant.company.id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      title: 'Perte de liaison',
      type: 'technical',
      severity: 'high',
      location: 'Entrepôt',
      site_id: siteId,
    });
    const state = await rowsIn<{ link_state: string }>(
      t,
      tenant.company.id,
      sql`select link_state from panels where company_id = ${tenant.company.id} and id = ${panelId}`,
    );
    expect(state[0]?.link_state).toBe('lost');
    expect(answerOf(await send(panelFrame({ id: 'NULL', prefix, account })))?.id).toBe('ACK');
    const entries = await logbookOf(t, tenant, siteId);
    expect(entries.map((e) => e.text)).toContainEqual(expect.stringContaining('Liaison rétablie'));
    // The dashboard's « Alarmes » row counts the panels and the lost links.
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: tenant.auth });
    const row = (res.json().systemHealth as { name: string; description: string }[]).find(
      (h) => h.name === 'Alarmes',
    );
    expect(row?.description).toBe('1 centrale DC-09, dont 0 en perte de liaison');
  });

  it('raises no « Perte de liaison » in test mode', async () => {
    const { tenant, prefix, account } = await setup({
      supervisionMinutes: 1,
      testUntil: new Date(Date.now() + 3_600_000),
    });
    expect(answerOf(await send(panelFrame({ id: 'NULL', prefix, account })))?.id).toBe('ACK');
    await runSupervisionPass(t.db, new Date(Date.now() + 5 * 60_000));
    expect(await alarmsOf(t, tenant.company.id)).toHaveLength(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/overview', headers: tenant.auth });
    const row = (res.json().systemHealth as { name: string; description: string; status: string }[]).find(
      (h) => h.name === 'Alarmes',
    );
    expect(row).toMatchObject({
      status: 'Hors service',
      description: '1 centrale DC-09, dont 1 en perte de liaison',
    });
  });

  it('takes Contact ID lines of a Sur-Gard receiver, ACK 0x06 after storing', async () => {
    const { tenant, prefix, account, panelId } = await setup({ prefix: SURGARD_PREFIX, account: '4321' });
    expect(prefix).toBe(SURGARD_PREFIX);
    const sg = await dialSurgard(surgardPort);
    try {
      sg.send('1011           @    \x14');
      expect(await sg.nextByte(3000)).toBe(SURGARD_ACK[0]);
      sg.send(`5011 18${account}E13001015\x14`);
      expect(await sg.nextByte(3000)).toBe(SURGARD_ACK[0]);
      const alarms = await alarmsOf(t, tenant.company.id);
      expect(alarms).toHaveLength(1);
      expect(alarms[0]).toMatchObject({ type: 'intrusion', location: 'Zone 015' });
      // The receiver sends the line again (our ACK lost): nothing twice.
      sg.send(`5011 18${account}E13001015\x14`);
      expect(await sg.nextByte(3000)).toBe(SURGARD_ACK[0]);
      expect(await alarmsOf(t, tenant.company.id)).toHaveLength(1);
      // An unknown account is acknowledged (never matched: the receiver must not repeat it forever).
      sg.send('5011 189999E13001015\x14');
      expect(await sg.nextByte(3000)).toBe(SURGARD_ACK[0]);
      expect((await signalsOf(t, tenant.company.id, panelId)).map((s) => [s.transport, s.outcome])).toEqual([
        ['surgard', 'alarm'],
        ['surgard', 'duplicate'],
      ]);
    } finally {
      await sg.close();
    }
  });

  it('keeps the server running when its port is taken, and says so', async () => {
    const second = await createTestApp(engine, { ALARM_RECEIVER_PORT: String(tcpPort) });
    try {
      expect(receiverInfoOf(second.app)).toMatchObject({
        state: 'down',
        port: null,
        detail: `Port ${tcpPort} déjà utilisé : réception des alarmes arrêtée`,
      });
      expect((await second.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
    // A second instance whose Sur-Gard input cannot bind (the first holds it) while its DC-09
    // receiver listens: system health says « Dégradé » and why.
    const third = await createTestApp(engine, {
      ALARM_RECEIVER_PORT: '0',
      SURGARD_PORT: String(surgardPort),
    });
    try {
      expect(receiverInfoOf(third.app)).toMatchObject({ state: 'up', surgardState: 'down' });
      const owner = await registerCompany(third.app);
      const res = await third.app.inject({
        method: 'GET',
        url: '/api/dashboard/overview',
        headers: owner.auth,
      });
      const row = (res.json().systemHealth as { name: string; status: string; description: string }[]).find(
        (h) => h.name === 'Réception des alarmes',
      );
      expect(row?.status).toBe('Dégradé');
      expect(row?.description).toContain(`${surgardPort}`);
    } finally {
      await third.close();
    }
    // This one still answers.
    const { prefix, account } = await setup();
    expect(answerOf(await send(panelFrame({ id: 'NULL', prefix, account })))?.id).toBe('ACK');
    // Off: no socket, and system health says why.
    expect(receiverInfo({ ...t.config, alarmReceiverPort: 'off' }, { started: true })).toMatchObject({
      state: 'off',
      port: null,
      detail: 'Réception des alarmes désactivée (ALARM_RECEIVER_PORT=off)',
    });
  });

  it('journals an intact but unreadable frame of a known panel and answers DUH', async () => {
    const { tenant, prefix, account, panelId } = await setup();
    const frame = buildFrame({
      id: 'SIA-DCS',
      sequence: 12,
      prefix,
      account,
      data: 'Nri1/!!',
      timestamp: new Date(),
    });
    expect(answerOf(await send(frame))?.id).toBe('DUH');
    expect(await signalsOf(t, tenant.company.id, panelId)).toEqual([
      expect.objectContaining({ outcome: 'refused', answer: 'DUH' }),
    ]);
  });
});
