// Offline replay of main courante entries (the agent space's outbox): an entry sent again with the
// same clientRef answers the first one and writes nothing — no second number, no second event —
// even ten sends at once; another company's identical reference is its own; an entry written on
// the phone hours ago keeps its time, and one written during the shift is accepted after the
// agent clocked out.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { onSite, req } from '../guard-tours/test-support';
import { createAgent, createShift, createSite, shiftAround } from '../planning/test-support';

describe.each(engines)('main courante replay on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (who: Tenant, payload: Record<string, unknown>) =>
    req(t.app, who, 'POST', '/api/logbook', payload);
  const list = async (who: Tenant, siteId: string) => {
    const res = await req(t.app, who, 'GET', `/api/logbook?siteId=${siteId}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; number: number; text: string; occurredAt: string }[];
  };
  const createdEvents = async (companyId: string) =>
    t.db.withTenant(companyId, async (tx) => {
      const res = await tx.execute(
        sql`select count(*)::int as n from events where company_id = ${companyId} and type = 'logbook.created'`,
      );
      return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
    });

  /** An agent (user of role agent) clocked in on a new site, with the shift's id. */
  const agentOnDuty = async (owner: Tenant) => {
    const phone = await addUser(t.app, owner, 'agent');
    const agent = await createAgent(t.app, owner, { userId: phone.user.id });
    const site = await createSite(t.app, owner);
    const shift = await createShift(t.app, owner, shiftAround(agent.id, site.id, 5));
    const res = await req(t.app, phone, 'POST', `/api/shifts/${shift.id}/clock-in`, onSite);
    expect(res.statusCode, res.body).toBe(200);
    return { phone, site, shift };
  };

  it('answers the first entry to a resend with the same clientRef, and numbers nothing twice', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner);
    const clientRef = randomUUID();
    const body = { siteId: site.id, category: 'ronde', text: 'Ronde de 22 h : RAS', clientRef };
    const first = await post(owner, body);
    expect(first.statusCode).toBe(201);
    const again = await post(owner, body);
    // Same status as the first success (201), same entry: the phone cannot tell, and need not.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await list(owner, site.id)).map((e) => e.number)).toEqual([1]);
    expect(await createdEvents(owner.company.id)).toBe(1);

    // Without a reference, or with another one, entries are new.
    expect((await post(owner, { ...body, clientRef: undefined })).json().number).toBe(2);
    expect((await post(owner, { ...body, clientRef: randomUUID() })).json().number).toBe(3);
    const verify = await req(t.app, owner, 'GET', `/api/logbook/verify?siteId=${site.id}`);
    expect(verify.json()).toEqual({ ok: true, checked: 3 });
  });

  it('writes one entry for ten sends of one reference at once, and uses no number for the others', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner);
    const clientRef = randomUUID();
    const body = { siteId: site.id, category: 'incident', text: 'Porte forcée au quai 2', clientRef };
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(owner, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.every((a) => a.json().number === 1)).toBe(true);
    expect((await list(owner, site.id)).map((e) => e.number)).toEqual([1]);
    expect(await createdEvents(owner.company.id)).toBe(1);
    // The next entry is n° 2: no duplicate consumed a number.
    expect((await post(owner, { ...body, clientRef: randomUUID() })).json().number).toBe(2);
    const verify = await req(t.app, owner, 'GET', `/api/logbook/verify?siteId=${site.id}`);
    expect(verify.json()).toEqual({ ok: true, checked: 2 });
  });

  it("keeps another company's identical reference apart, and refuses another user's", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const siteA = await createSite(t.app, a);
    const siteB = await createSite(t.app, b);
    const clientRef = randomUUID();
    const inA = await post(a, { siteId: siteA.id, category: 'autre', text: 'Société A', clientRef });
    const inB = await post(b, { siteId: siteB.id, category: 'autre', text: 'Société B', clientRef });
    expect(inA.statusCode).toBe(201);
    expect(inB.statusCode).toBe(201);
    expect(inB.json()).toMatchObject({ siteId: siteB.id, number: 1, text: 'Société B' });
    expect(inB.json().id).not.toBe(inA.json().id);

    // Within a company, a reference is its writer's: another user gets a conflict, not the entry.
    const colleague = await addUser(t.app, a, 'operator');
    const taken = await post(colleague, { siteId: siteA.id, category: 'autre', text: 'Autre', clientRef });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(
      "Cette référence d'envoi a déjà servi à une autre saisie : l'entrée n'a pas été écrite",
    );
    expect((await list(a, siteA.id)).map((e) => e.text)).toEqual(['Société A']);

    const bad = await post(a, { siteId: siteA.id, category: 'autre', text: 'x', clientRef: 'pas-un-uuid' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({
      loc: ['body', 'clientRef'],
      msg: "La référence d'envoi doit être un identifiant (UUID)",
    });
  });

  it('keeps the time an offline entry was written, and takes it after the agent clocked out', async () => {
    const owner = await registerCompany(t.app);
    const { phone, site, shift } = await agentOnDuty(owner);
    // Written on the phone during the shift while offline, sent later: its own time is kept.
    const writtenAt = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const clientRef = randomUUID();
    const entry = {
      siteId: site.id,
      category: 'passage',
      text: 'Livreur au portail',
      occurredAt: writtenAt,
      clientRef,
    };

    // Clocking out before the phone found the network again.
    const out = await req(t.app, phone, 'POST', `/api/shifts/${shift.id}/clock-out`, onSite);
    expect(out.statusCode, out.body).toBe(200);
    const late = await post(phone, entry);
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ occurredAt: writtenAt, shiftId: shift.id, number: 1 });
    // And its resend after that still answers the same entry.
    expect((await post(phone, entry)).json().id).toBe(late.json().id);

    // An event after the clock-out is not the shift's: refused as before.
    const after = await post(phone, {
      ...entry,
      occurredAt: new Date().toISOString(),
      clientRef: randomUUID(),
    });
    expect(after.statusCode).toBe(403);
    expect(after.json().detail).toBe(
      "Vous ne pouvez écrire dans la main courante que d'un site où vous êtes en service",
    );
  });

  it('accepts an entry written hours ago by a user on duty (no limit in the past)', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner);
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const res = await post(owner, {
      siteId: site.id,
      category: 'ronde',
      text: 'Écrit hors ligne',
      occurredAt: threeHoursAgo,
      clientRef: randomUUID(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().occurredAt).toBe(threeHoursAgo);
  });
});
