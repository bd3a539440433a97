// Offline replay of checkpoint scans (the agent space's outbox): a scan sent again with the same
// clientRef answers the round and writes nothing — no second scan, no second event — even ten sends
// at once, and even after the round was completed by it; another company's identical reference is
// its own; the scan keeps the time it was made on the phone.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type Tenant, type TestApp } from '../../test/harness';
import { createTour, req, siteWithAgentOnDuty, tourBody } from './test-support';

describe.each(engines)('guard tour scan replay on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  const count = (companyId: string, query: ReturnType<typeof sql>) =>
    t.db.withTenant(companyId, async (tx) => rowsOf<{ n: number }>(await tx.execute(query))[0]?.n ?? 0);
  const scans = (companyId: string, roundId: string) =>
    count(
      companyId,
      sql`select count(*)::int as n from tour_scans where company_id = ${companyId} and round_id = ${roundId}`,
    );
  const tourEvents = (companyId: string) =>
    count(
      companyId,
      sql`select count(*)::int as n from events where company_id = ${companyId} and type = 'tour.changed'`,
    );

  /** A company with an agent on duty, a tour of three QR checkpoints and a round started by the agent. */
  const roundUnderWay = async (owner: Tenant) => {
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(
      t.app,
      owner,
      tourBody(site.id, {
        checkpoints: [
          { name: 'Portail', kind: 'qr' },
          { name: 'Quai 3', kind: 'qr' },
          { name: 'Local technique', kind: 'qr' },
        ],
      }),
    );
    const started = await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {});
    expect(started.statusCode).toBe(201);
    const codes = tour.checkpoints.map((c) => c.code as string);
    return { phone, tour, roundId: started.json().id as string, codes };
  };

  it('answers the round to a resend with the same clientRef, without a second scan or event', async () => {
    const owner = await registerCompany(t.app);
    const { phone, roundId, codes } = await roundUnderWay(owner);
    const scannedAt = new Date(Date.now() - 90_000).toISOString();
    const body = { code: codes[1], scannedAt, clientRef: randomUUID(), note: 'Porte entrouverte' };
    const before = await tourEvents(owner.company.id);
    const first = await req(t.app, phone, 'POST', `/api/rounds/${roundId}/scans`, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await req(t.app, phone, 'POST', `/api/rounds/${roundId}/scans`, body);
    // Same status as the first success (201) and the round as it stands.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toMatchObject({ scanned: 1, anomalies: 1 });
    // The phone's time of the scan is kept.
    const done = again.json().checkpoints.find((c: { scan: unknown }) => c.scan);
    expect(done.scan.scannedAt).toBe(scannedAt);
    expect(await scans(owner.company.id, roundId)).toBe(1);
    expect(await tourEvents(owner.company.id)).toBe(before + 1);

    // The same checkpoint without the reference is still the refusal it always was.
    const twice = await req(t.app, phone, 'POST', `/api/rounds/${roundId}/scans`, { code: codes[1] });
    expect(twice.statusCode).toBe(409);
  });

  it('writes one scan for ten sends at once, and answers a resend after the round was completed', async () => {
    const owner = await registerCompany(t.app);
    const { phone, roundId, codes } = await roundUnderWay(owner);
    const body = { code: codes[0], clientRef: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => req(t.app, phone, 'POST', `/api/rounds/${roundId}/scans`, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(answers.every((a) => a.json().scanned === 1)).toBe(true);
    expect(await scans(owner.company.id, roundId)).toBe(1);

    // The last two checkpoints complete the round; a resend of the last one still answers it.
    await req(t.app, phone, 'POST', `/api/rounds/${roundId}/scans`, {
      code: codes[1],
      clientRef: randomUUID(),
    });
    const last = { code: codes[2], clientRef: randomUUID() };
    const closing = await req(t.app, phone, 'POST', `/api/rounds/${roundId}/scans`, last);
    expect(closing.json()).toMatchObject({ status: 'done', scanned: 3 });
    const replay = await req(t.app, phone, 'POST', `/api/rounds/${roundId}/scans`, last);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toMatchObject({ status: 'done', scanned: 3 });
    expect(await scans(owner.company.id, roundId)).toBe(3);
  });

  it("keeps another company's identical reference apart, and refuses it on another round", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    const inA = await roundUnderWay(a);
    const inB = await roundUnderWay(b);
    const clientRef = randomUUID();
    const scanA = await req(t.app, inA.phone, 'POST', `/api/rounds/${inA.roundId}/scans`, {
      code: inA.codes[0],
      clientRef,
    });
    const scanB = await req(t.app, inB.phone, 'POST', `/api/rounds/${inB.roundId}/scans`, {
      code: inB.codes[0],
      clientRef,
    });
    expect(scanA.statusCode).toBe(201);
    expect(scanB.statusCode).toBe(201);
    expect(scanB.json()).toMatchObject({ id: inB.roundId, scanned: 1 });
    expect(await scans(b.company.id, inB.roundId)).toBe(1);

    // The same reference on another round of the same company: a conflict, nothing written.
    const other = await req(t.app, inA.phone, 'POST', `/api/tours/${inA.tour.id}/rounds`, {});
    const reused = await req(t.app, inA.phone, 'POST', `/api/rounds/${other.json().id}/scans`, {
      code: inA.codes[1],
      clientRef,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toBe(
      "Cette référence d'envoi a déjà servi à une autre saisie : le scan n'a pas été enregistré",
    );
    expect(await scans(a.company.id, other.json().id)).toBe(0);

    const bad = await req(t.app, inA.phone, 'POST', `/api/rounds/${inA.roundId}/scans`, {
      code: inA.codes[2],
      clientRef: 'abc',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe("La référence d'envoi doit être un identifiant (UUID)");
  });
});
