// Guard-tour scans an agent could forge (security review, finding 4): the agent never reads a tag's
// UID or a label's content; a scan's time is bounded by the server's clock, the round's start and
// the offline tolerance; a scan far from its site is kept but flagged for the control room.
import { nfcHint } from '@vigie/contract/guard-tours.contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { SCAN_OFFLINE_TOLERANCE_MS } from './guard-tours.models';
import { createTour, req, siteWithAgentOnDuty, tourBody } from './test-support';

const HOUR = 3_600_000;
const sydney = { latitude: -33.8568, longitude: 151.2153 };
/** About 60 m from the test site's centre (48.8656, 2.3212). */
const onSite = { latitude: 48.8661, longitude: 2.3212 };

describe.each(engines)('guard-tour scan checks on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  async function scanCount(companyId: string, roundId: string) {
    return t.db.withTenant(companyId, async (tx) => {
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from tour_scans where company_id = ${companyId} and round_id = ${roundId}`,
        ),
      );
      return row?.n ?? 0;
    });
  }

  it("shows an agent neither the tags' UIDs nor the labels' content, and the control room both", async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id));
    const tag = tour.checkpoints[3];
    expect(tag?.nfcUid).toMatch(/^04A2[0-9A-F]{4}$/);
    expect(tour.checkpoints[0]?.code).toMatch(/^VGT1\./);

    const detail = await req(t.app, phone, 'GET', `/api/tours/${tour.id}`);
    const list = await req(t.app, phone, 'GET', `/api/tours?siteId=${site.id}`);
    for (const seen of [detail.json(), list.json()[0]]) {
      expect(seen.checkpoints.map((c: { nfcUid: string | null }) => c.nfcUid)).toEqual([
        null,
        null,
        null,
        null,
      ]);
      expect(seen.checkpoints.map((c: { code: string | null }) => c.code)).toEqual([null, null, null, null]);
      // The hint recognises the tag on the phone without telling its UID.
      expect(seen.checkpoints[3].nfcHint).toBe(nfcHint(tag?.id ?? '', tag?.nfcUid ?? ''));
      expect(seen.checkpoints[3].nfcHint).toMatch(/^[0-9a-f]{4}$/);
      expect(JSON.stringify(seen)).not.toContain(tag?.nfcUid?.slice(4));
    }
    const round = await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {});
    expect(JSON.stringify(round.json())).not.toContain(tag?.nfcUid?.slice(4));

    const managed = await req(t.app, owner, 'GET', `/api/tours/${tour.id}`);
    expect(managed.json().checkpoints[3].nfcUid).toBe(tag?.nfcUid);
    expect(managed.json().checkpoints[0].code).toBe(tour.checkpoints[0]?.code);
  });

  it('refuses a scan stamped before the round, in the future or past the offline tolerance, writing nothing', async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id, { expectedMinutes: 1440 }));
    const round = (await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
    const scan = (payload: Record<string, unknown>) =>
      req(t.app, phone, 'POST', `/api/rounds/${round.id}/scans`, payload);
    const code = tour.checkpoints[0]?.code;
    const now = Date.now();
    const refusals: [number, RegExp][] = [
      [now - 10 * HOUR, /précède le début de la ronde/],
      [now - 20 * 60_000, /précède le début de la ronde/],
      [now + 10 * 60_000, /dans le futur/],
      [now + 30 * 24 * HOUR, /dans le futur/],
    ];
    for (const [at, reason] of refusals) {
      const res = await scan({ code, scannedAt: new Date(at).toISOString(), position: onSite });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'scannedAt'] });
      expect(res.json().detail[0].msg).toMatch(reason);
    }
    expect(await scanCount(owner.company.id, round.id)).toBe(0);

    // A round started 13 h ago (the agent's phone offline all night): what it queued within the
    // tolerance is taken, an older scan is refused.
    await t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`update tour_rounds set started_at = ${new Date(now - 13 * HOUR).toISOString()}::timestamptz
            where company_id = ${owner.company.id} and id = ${round.id}`,
      ),
    );
    const stale = await scan({
      code,
      scannedAt: new Date(now - SCAN_OFFLINE_TOLERANCE_MS - 30 * 60_000).toISOString(),
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().detail[0].msg).toBe(
      'Scan trop ancien : un passage enregistré hors connexion doit être envoyé dans les 12 h',
    );
    expect(await scanCount(owner.company.id, round.id)).toBe(0);
    const queued = await scan({ code, scannedAt: new Date(now - 11 * HOUR).toISOString(), position: onSite });
    expect(queued.statusCode, queued.body).toBe(201);
    // A phone clock a minute ahead of the server's is not a forgery.
    const ahead = await scan({
      code: tour.checkpoints[1]?.code,
      scannedAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(ahead.statusCode, ahead.body).toBe(201);
    expect(await scanCount(owner.company.id, round.id)).toBe(2);
  });

  it("refuses a typed UID of another site's tag", async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const elsewhere = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id));
    const otherTour = await createTour(t.app, owner, tourBody(elsewhere.site.id, { name: 'Ronde parking' }));
    const round = (await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
    const typed = await req(t.app, phone, 'POST', `/api/rounds/${round.id}/scans`, {
      nfcUid: otherTour.checkpoints[3]?.nfcUid,
      position: onSite,
    });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().detail[0].msg).toMatch(/Tag NFC inconnu/);
    expect(await scanCount(owner.company.id, round.id)).toBe(0);
  });

  it('keeps a scan made in Sydney as an anomaly the control room sees, with its distance', async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id));
    const round = (await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
    const scan = (payload: Record<string, unknown>) =>
      req(t.app, phone, 'POST', `/api/rounds/${round.id}/scans`, payload);

    const far = await scan({ code: tour.checkpoints[0]?.code, position: sydney });
    expect(far.statusCode, far.body).toBe(201);
    expect((await scan({ code: tour.checkpoints[1]?.code, position: onSite })).statusCode).toBe(201);
    expect((await scan({ code: tour.checkpoints[2]?.code })).statusCode).toBe(201);

    const seen = await req(t.app, owner, 'GET', `/api/rounds/${round.id}`);
    expect(seen.statusCode).toBe(200);
    const [first, second, third] = seen.json().checkpoints;
    expect(first.scan).toMatchObject({ positionCheck: 'outside', anomaly: true, latitude: sydney.latitude });
    expect(first.scan.distanceM).toBeGreaterThan(16_000_000);
    expect(first.scan.distanceM).toBeLessThan(17_500_000);
    expect(second.scan).toMatchObject({ positionCheck: 'inside', anomaly: false });
    expect(second.scan.distanceM).toBeLessThan(100);
    // No position (the phone's location not allowed): kept, said, not an anomaly.
    expect(third.scan).toMatchObject({ positionCheck: 'missing', anomaly: false, distanceM: null });
    expect(seen.json()).toMatchObject({ scanned: 3, anomalies: 1, status: 'in_progress' });
    const listed = await req(t.app, owner, 'GET', `/api/rounds?status=in_progress&siteId=${site.id}`);
    expect(listed.json()[0].checkpoints[0].scan.positionCheck).toBe('outside');

    // A site without coordinates cannot be checked: the scan says so.
    const bare = await siteWithAgentOnDuty(t.app, owner);
    await req(t.app, owner, 'PATCH', `/api/sites/${bare.site.id}`, { latitude: null, longitude: null });
    const bareTour = await createTour(t.app, owner, tourBody(bare.site.id, { name: 'Ronde sans GPS' }));
    const bareRound = (await req(t.app, bare.phone, 'POST', `/api/tours/${bareTour.id}/rounds`, {})).json();
    const unchecked = await req(t.app, bare.phone, 'POST', `/api/rounds/${bareRound.id}/scans`, {
      code: bareTour.checkpoints[0]?.code,
      position: sydney,
    });
    expect(unchecked.statusCode, unchecked.body).toBe(201);
    expect(unchecked.json().checkpoints[0].scan).toMatchObject({
      positionCheck: 'unchecked',
      distanceM: null,
      anomaly: false,
    });
  });

  it("answers 404 for another company's round and tour, to its agents and its control room", async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id));
    const round = (await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
    const intruder = await registerCompany(t.app);
    const intruderDuty = await siteWithAgentOnDuty(t.app, intruder);
    for (const who of [intruder, intruderDuty.phone]) {
      expect((await req(t.app, who, 'GET', `/api/tours/${tour.id}`)).statusCode).toBe(404);
      expect((await req(t.app, who, 'GET', `/api/rounds/${round.id}`)).statusCode).toBe(404);
    }
    const foreign = await req(t.app, intruderDuty.phone, 'POST', `/api/rounds/${round.id}/scans`, {
      nfcUid: tour.checkpoints[3]?.nfcUid,
      position: sydney,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await scanCount(owner.company.id, round.id)).toBe(0);
  });
});
