// The grouped paths: link tests of many panels arriving together are written in groups
// (link-tests.ts), and one-alarm frames join their company's alarm-creation group (alarm-frames.ts);
// each frame is answered ACK only once its rows are committed; a resend still counts once; a
// refusal, test mode or a lost link take the panel's own transaction and say what they always said.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type TestApp } from '../../../test/harness';
import { dialTcp, type TcpDialler } from '../receiver/test-dialler';
import { addSite, alarmsOf, answerOf, givePrefix, panelFrame, rowsIn, seedPanel } from './test-support';

const hexKey = '000102030405060708090A0B0C0D0E0F';
const keyBytes = Buffer.from(hexKey, 'hex');

describe.each(engines)('link tests in groups on %s', (engine) => {
  let t: TestApp;
  let port: number;
  const diallers: TcpDialler[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { ALARM_RECEIVER_PORT: '0' });
    port = t.app.panelReceiverPorts().tcp as number;
  });
  afterAll(async () => {
    await Promise.all(diallers.map((d) => d.close()));
    await t?.close();
  });

  async function company(panelCount: number) {
    const tenant = await registerCompany(t.app);
    const siteId = await addSite(t, tenant);
    const prefix = await givePrefix(t, tenant.company.id);
    const panels: { id: string; account: string; key?: Buffer; dialler: TcpDialler }[] = [];
    for (let i = 0; i < panelCount; i++) {
      const account = (0x2000 + i).toString(16).toUpperCase();
      // Every fourth panel encrypts: its ACK must come back encrypted with its key.
      const encrypted = i % 4 === 0;
      const id = await seedPanel(t, tenant, {
        siteId,
        name: `Centrale ${i + 1}`,
        account,
        supervisionMinutes: 5,
        ...(encrypted ? { aesKey: hexKey } : {}),
      });
      const dialler = await dialTcp(port);
      diallers.push(dialler);
      panels.push({ id, account, ...(encrypted ? { key: keyBytes } : {}), dialler });
    }
    return { tenant, siteId, prefix, panels };
  }

  const journal = (companyId: string) =>
    rowsIn<{ panel_id: string; outcome: string; answer: string; meaning: string; sequence: string }>(
      t,
      companyId,
      sql`select panel_id, outcome, answer, meaning, sequence from panel_signals
           where company_id = ${companyId} order by id`,
    );

  it('answers ACK to 24 panels testing their link at once, each journaled once with its timer restarted', async () => {
    const { tenant, prefix, panels } = await company(24);
    const before = t.app.panelIngest.stats().groupedLinkTests;
    const answers = await Promise.all(
      panels.map(async (p, i) => {
        p.dialler.send(panelFrame({ id: 'NULL', prefix, account: p.account, sequence: 100 + i, key: p.key }));
        return answerOf(await p.dialler.nextAnswer(5000), p.key);
      }),
    );
    expect(answers.map((a) => a?.id)).toEqual(panels.map(() => 'ACK'));
    expect(answers.map((a) => a?.account)).toEqual(panels.map((p) => p.account));
    expect(t.app.panelIngest.stats().groupedLinkTests - before).toBe(24);
    const rows = await journal(tenant.company.id);
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((r) => r.panel_id))).toEqual(new Set(panels.map((p) => p.id)));
    for (const row of rows)
      expect(row).toMatchObject({ outcome: 'supervision', answer: 'ACK', meaning: 'Test de liaison' });
    const timers = await rowsIn<{ link_state: string; last_signal_at: Date | null }>(
      t,
      tenant.company.id,
      sql`select link_state, last_signal_at from panels where company_id = ${tenant.company.id}`,
    );
    expect(timers.every((p) => p.link_state === 'ok' && p.last_signal_at !== null)).toBe(true);
  });

  it('journals a resent link test as a duplicate, and sends a refused one through the panel transaction', async () => {
    const { tenant, prefix, panels } = await company(2);
    const [keyed, clear] = panels as [(typeof panels)[0], (typeof panels)[0]];
    // The first panel has a key (i % 4 === 0): a link test in clear is refused with DUH, journaled.
    const frame = panelFrame({ id: 'NULL', prefix, account: keyed.account, sequence: 7 });
    keyed.dialler.send(frame);
    expect(answerOf(await keyed.dialler.nextAnswer(5000))?.id).toBe('DUH');
    const resend = panelFrame({ id: 'NULL', prefix, account: clear.account, sequence: 42, key: clear.key });
    for (let i = 0; i < 2; i++) {
      clear.dialler.send(resend);
      expect(answerOf(await clear.dialler.nextAnswer(5000), clear.key)?.id).toBe('ACK');
    }
    const rows = await journal(tenant.company.id);
    expect(rows.map((r) => [r.panel_id, r.outcome, r.answer])).toEqual([
      [keyed.id, 'refused', 'DUH'],
      [clear.id, 'supervision', 'ACK'],
      [clear.id, 'duplicate', 'ACK'],
    ]);
  });

  it('raises the alarms of 12 panels at once with their alarm-creation group, each journaled with its alarm', async () => {
    const { tenant, prefix, panels } = await company(12);
    const before = t.app.panelIngest.stats().groupedAlarms;
    const answers = await Promise.all(
      panels.map(async (p, i) => {
        const data = `#${p.account}|Nri1/BA0${(i % 9) + 1}`;
        p.dialler.send(
          panelFrame({ id: 'SIA-DCS', prefix, account: p.account, data, sequence: 300 + i, key: p.key }),
        );
        return answerOf(await p.dialler.nextAnswer(5000), p.key);
      }),
    );
    expect(answers.map((a) => a?.id)).toEqual(panels.map(() => 'ACK'));
    expect(t.app.panelIngest.stats().groupedAlarms - before).toBe(12);
    const alarms = await alarmsOf(t, tenant.company.id);
    expect(alarms).toHaveLength(12);
    expect(new Set(alarms.map((a) => a.type))).toEqual(new Set(['intrusion']));
    const rows = await rowsIn<{
      panel_id: string;
      outcome: string;
      alarm_id: string;
      alarm_type: string;
      zone: number;
    }>(
      t,
      tenant.company.id,
      sql`select panel_id, outcome, alarm_id, alarm_type, zone from panel_signals where company_id = ${tenant.company.id}`,
    );
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.alarm_id))).toEqual(new Set(alarms.map((a) => a.id)));
    for (const row of rows) expect(row).toMatchObject({ outcome: 'alarm', alarm_type: 'intrusion' });
    // The same frame again (lost ACK): answered ACK, nothing created twice.
    const first = panels[1] as (typeof panels)[0];
    first.dialler.send(
      panelFrame({
        id: 'SIA-DCS',
        prefix,
        account: first.account,
        data: `#${first.account}|Nri1/BA02`,
        sequence: 301,
      }),
    );
    expect(answerOf(await first.dialler.nextAnswer(5000))?.id).toBe('ACK');
    expect(await alarmsOf(t, tenant.company.id)).toHaveLength(12);
  });
});
