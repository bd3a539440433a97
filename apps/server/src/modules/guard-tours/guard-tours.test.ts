// Guard tours over HTTP: tours and labels, rounds started by the agent on duty, checked scans (forged,
// foreign, regenerated, double), the random order drawn at start, bad input, sessions, roles, other
// companies, the weekly rate, the schedule pass and its alerts (once each).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { runGuardTourPass } from './guard-tours.jobs';
import { currentSlot } from './guard-tours.models';
import { createTour, req, siteWithAgentOnDuty, tourBody } from './test-support';

const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.each(engines)('guard tours on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a tour, the agent on duty walks a round, scans every checkpoint and completes it', async () => {
    const owner = await registerCompany(t.app);
    const { phone, agent, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id));
    expect(tour.checkpoints).toHaveLength(4);
    expect(tour.checkpoints[0]?.code).toMatch(
      new RegExp(`^VGT1\\.${owner.company.id}\\.${tour.checkpoints[0]?.id}\\.1\\.`),
    );
    expect(tour.checkpoints[3]).toMatchObject({ kind: 'nfc', code: null });

    // Agents read tours, without the labels' content.
    const seen = await req(t.app, phone, 'GET', `/api/tours/${tour.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().checkpoints[0].code).toBeNull();
    const list = await req(t.app, owner, 'GET', `/api/tours?siteId=${site.id}`);
    expect(list.headers['x-total-count']).toBe('1');

    const started = await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {});
    expect(started.statusCode).toBe(201);
    const round = started.json();
    expect(round).toMatchObject({ status: 'in_progress', agentId: agent.id, total: 4, scanned: 0 });
    expect(round.checkpoints.map((c: { name: string }) => c.name)).toEqual([
      'Portail principal',
      'Quai 3',
      'Local technique',
      'Issue de secours Nord',
    ]);

    const position = { latitude: 48.8657, longitude: 2.3213 };
    for (const cp of tour.checkpoints.slice(0, 3)) {
      const res = await req(t.app, phone, 'POST', `/api/rounds/${round.id}/scans`, {
        code: cp.code,
        position,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const anomaly = await req(t.app, phone, 'POST', `/api/rounds/${round.id}/scans`, {
      nfcUid: tour.checkpoints[3]?.nfcUid?.toLowerCase(),
      note: 'Porte trouvée entrouverte, refermée',
      scannedAt: new Date().toISOString(),
    });
    expect(anomaly.statusCode, anomaly.body).toBe(201);
    expect(anomaly.json()).toMatchObject({ status: 'done', scanned: 4, anomalies: 1 });
    expect(anomaly.json().checkpoints[0].scan).toMatchObject({ latitude: 48.8657, anomaly: false });
    expect(anomaly.json().checkpoints[3].scan).toMatchObject({
      note: 'Porte trouvée entrouverte, refermée',
      anomaly: true,
    });

    const done = await req(t.app, owner, 'GET', `/api/rounds?siteId=${site.id}&status=done`);
    expect(done.json().map((r: { id: string }) => r.id)).toEqual([round.id]);
    const stats = await req(t.app, owner, 'GET', `/api/tours/stats?siteId=${site.id}`);
    expect(stats.statusCode).toBe(200);
    expect(stats.json().sites).toEqual([
      expect.objectContaining({ siteId: site.id, rounds: 1, done: 1, missed: 0, completionRate: 100 }),
    ]);
    expect(stats.json().week).toMatch(/^\d{4}-W\d{2}$/);

    const edited = await req(t.app, owner, 'PATCH', `/api/tours/${tour.id}`, {
      name: 'Ronde de nuit',
      checkpoints: [
        { id: tour.checkpoints[1]?.id, name: 'Quai 3 (bis)', kind: 'qr' },
        { id: tour.checkpoints[0]?.id, name: 'Portail principal', kind: 'qr' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().checkpoints.map((c: { id: string }) => c.id)).toEqual([
      tour.checkpoints[1]?.id,
      tour.checkpoints[0]?.id,
    ]);
    const gone = await req(t.app, owner, 'DELETE', `/api/tours/${tour.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await req(t.app, owner, 'GET', `/api/tours/${tour.id}`)).statusCode).toBe(404);
  });

  it('refuses a forged, foreign, other-tour or regenerated label, a double scan and an unstarted round', async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id));
    const other = await createTour(t.app, owner, tourBody(site.id, { name: 'Ronde parking' }));
    const foreignOwner = await registerCompany(t.app);
    const foreignSite = await siteWithAgentOnDuty(t.app, foreignOwner);
    const foreign = await createTour(t.app, foreignOwner, tourBody(foreignSite.site.id));

    const planned = await req(t.app, owner, 'POST', `/api/tours/${tour.id}/rounds`, { start: false });
    expect(planned.statusCode).toBe(201);
    expect(planned.json()).toMatchObject({ status: 'planned' });
    const early = await req(t.app, phone, 'POST', `/api/rounds/${planned.json().id}/scans`, {
      code: tour.checkpoints[0]?.code,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/Démarrez la ronde/);
    const start = await req(t.app, phone, 'POST', `/api/rounds/${planned.json().id}/start`);
    expect(start.statusCode).toBe(200);
    const again = await req(t.app, phone, 'POST', `/api/rounds/${planned.json().id}/start`);
    expect(again.statusCode).toBe(409);
    const id = planned.json().id as string;
    const scan = (payload: Record<string, unknown>) =>
      req(t.app, phone, 'POST', `/api/rounds/${id}/scans`, payload);
    const code = tour.checkpoints[0]?.code ?? '';

    const refusals: [string, RegExp][] = [
      [`${code.slice(0, -2)}xx`, /non reconnue/],
      [code.replace(tour.checkpoints[0]?.id ?? '', tour.checkpoints[1]?.id ?? ''), /non reconnue/],
      ['B-000123', /non reconnue/],
      [foreign.checkpoints[0]?.code ?? '', /autre société/],
      [other.checkpoints[0]?.code ?? '', /n'appartient pas à cette ronde/],
    ];
    for (const [bad, reason] of refusals) {
      const res = await scan({ code: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail[0].msg).toMatch(reason);
    }
    const unknownTag = await scan({ nfcUid: '01:02:03:04' });
    expect(unknownTag.statusCode).toBe(422);
    expect(unknownTag.json().detail[0].msg).toMatch(/Tag NFC inconnu/);

    // A regenerated label: the printed one is refused, the new one accepted.
    const regen = await req(
      t.app,
      owner,
      'POST',
      `/api/tours/${tour.id}/checkpoints/${tour.checkpoints[0]?.id}/regenerate`,
    );
    expect(regen.statusCode).toBe(200);
    // The journal names the checkpoint whose label was replaced (its « Objet »).
    const journal = (await req(t.app, owner, 'GET', '/api/audit?action=tour.label_regenerated')).json();
    expect(journal.map((e: { details: { name?: string } }) => e.details.name)).toEqual([
      tour.checkpoints[0]?.name,
    ]);
    const fresh = regen.json().checkpoints[0].code as string;
    expect(fresh).not.toBe(code);
    const stale = await scan({ code });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().detail[0].msg).toMatch(/Étiquette remplacée/);
    expect((await scan({ code: fresh })).statusCode).toBe(201);
    const twice = await scan({ code: fresh });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(/déjà été scanné/);
    const after = await req(t.app, owner, 'GET', `/api/rounds/${id}`);
    expect(after.json()).toMatchObject({ scanned: 1, status: 'in_progress' });

    // Another agent's round is not his.
    const otherAgent = await siteWithAgentOnDuty(t.app, owner);
    const notMine = await req(t.app, otherAgent.phone, 'POST', `/api/rounds/${id}/scans`, {
      code: tour.checkpoints[1]?.code,
    });
    expect(notMine.statusCode).toBe(403);
    // An agent not on duty on the tour's site cannot start it.
    const offDuty = await req(t.app, otherAgent.phone, 'POST', `/api/tours/${tour.id}/rounds`, {});
    expect(offDuty.statusCode).toBe(409);
  });

  it('draws the order of a random round at its start, and keeps it', async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const checkpoints = Array.from({ length: 8 }, (_, i) => ({ name: `Point ${i + 1}`, kind: 'qr' }));
    const tour = await createTour(t.app, owner, tourBody(site.id, { orderMode: 'random', checkpoints }));
    const fixed = tour.checkpoints.map((c) => c.id);
    const orders: string[][] = [];
    for (let i = 0; i < 4; i += 1) {
      const planned = await req(t.app, owner, 'POST', `/api/tours/${tour.id}/rounds`, { start: false });
      expect(planned.json().checkpoints.map((c: { checkpointId: string }) => c.checkpointId)).toEqual(fixed);
      const started = await req(t.app, phone, 'POST', `/api/rounds/${planned.json().id}/start`);
      expect(started.statusCode).toBe(200);
      const order = started
        .json()
        .checkpoints.map((c: { checkpointId: string }) => c.checkpointId) as string[];
      expect([...order].sort()).toEqual([...fixed].sort());
      const reread = await req(t.app, owner, 'GET', `/api/rounds/${planned.json().id}`);
      expect(reread.json().checkpoints.map((c: { checkpointId: string }) => c.checkpointId)).toEqual(order);
      orders.push(order);
    }
    // 8! orders: four identical draws equal to the fixed order would be a broken draw.
    expect(orders.some((o) => o.join() !== fixed.join())).toBe(true);
    expect(new Set(orders.map((o) => o.join())).size).toBeGreaterThan(1);
    // An edit of the name keeps everything else (no default slips into a partial edit).
    const renamed = await req(t.app, owner, 'PATCH', `/api/tours/${tour.id}`, { name: 'Ronde renommée' });
    expect(renamed.json()).toMatchObject({
      name: 'Ronde renommée',
      orderMode: 'random',
      expectedMinutes: 30,
    });
    expect(renamed.json().checkpoints.map((c: { id: string }) => c.id)).toEqual(fixed);
  });

  it('refuses bad input with French messages and changes nothing', async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...tourBody(site.id), name: '' }, /obligatoire/],
      [{ ...tourBody(site.id), name: 'x'.repeat(10_000) }, /ne doit pas dépasser 120 caractères/],
      [{ ...tourBody(site.id), expectedMinutes: 0 }, /au moins 1 minute/],
      [{ ...tourBody(site.id), checkpoints: [] }, /au moins un point/],
      [{ ...tourBody(site.id), orderMode: 'zigzag' }, /fixed/],
      [{ ...tourBody(site.id), checkpoints: [{ name: 'Tag', kind: 'nfc' }] }, /tag NFC est obligatoire/],
      [{ ...tourBody(site.id), checkpoints: [{ name: 'Tag', kind: 'nfc', nfcUid: 'zz' }] }, /hexadécimal/],
      [
        {
          ...tourBody(site.id),
          schedule: { everyMinutes: 120, start: '25:00', end: '06:00', days: [1] },
        },
        /HH:MM/,
      ],
      [{ ...tourBody(site.id), siteId: 'pas-un-id' }, /Identifiant invalide/],
      [{ ...tourBody(site.id), siteId: '00000000-0000-4000-8000-000000000000' }, /Site introuvable/],
      [{ ...tourBody(site.id), extra: 1 }, /./],
    ];
    for (const [body, msg] of bad) {
      const res = await req(t.app, owner, 'POST', '/api/tours', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(JSON.stringify(res.json().detail)).toMatch(msg);
    }
    const missing = await req(t.app, owner, 'POST', '/api/tours', {});
    expect(missing.statusCode).toBe(422);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    const list = await req(t.app, owner, 'GET', '/api/tours');
    expect(list.json()).toEqual([]);

    // The same NFC tag twice in the company: 409, nothing written.
    const tour = await createTour(t.app, owner, tourBody(site.id));
    const dup = await req(t.app, owner, 'POST', '/api/tours', {
      ...tourBody(site.id),
      checkpoints: [{ name: 'Copie', kind: 'nfc', nfcUid: tour.checkpoints[3]?.nfcUid }],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toMatch(/déjà utilisé/);
    expect((await req(t.app, owner, 'GET', '/api/tours')).headers['x-total-count']).toBe('1');

    const round = (await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
    const scans: [Record<string, unknown>, number][] = [
      [{}, 422],
      [{ code: tour.checkpoints[0]?.code, nfcUid: '01020304' }, 422],
      [{ code: 'x'.repeat(5000) }, 422],
      [{ code: tour.checkpoints[0]?.code, position: { latitude: 91, longitude: 0 } }, 422],
      [{ code: tour.checkpoints[0]?.code, scannedAt: 'hier' }, 422],
      [{ code: tour.checkpoints[0]?.code, photo: 'pas une image !' }, 422],
      [{ code: tour.checkpoints[0]?.code, photo: Buffer.from('not an image').toString('base64') }, 422],
      [{ code: tour.checkpoints[0]?.code, photo: 'A'.repeat(1_500_000) }, 422],
    ];
    for (const [body, status] of scans) {
      const res = await req(t.app, phone, 'POST', `/api/rounds/${round.id}/scans`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    const huge = await req(t.app, phone, 'POST', `/api/rounds/${round.id}/scans`, {
      code: tour.checkpoints[0]?.code,
      photo: 'A'.repeat(3_000_000),
    });
    expect(huge.statusCode).toBe(413);
    const unchanged = await req(t.app, owner, 'GET', `/api/rounds/${round.id}`);
    expect(unchanged.json()).toMatchObject({ scanned: 0 });
    const badQuery = await req(t.app, owner, 'GET', '/api/rounds?status=fini');
    expect(badQuery.statusCode).toBe(422);
    const badWeek = await req(t.app, owner, 'GET', '/api/tours/stats?week=2026-48');
    expect(badWeek.statusCode).toBe(422);
  });

  it('answers 401 without a session, 404 for another company, 403 for an agent managing tours', async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(t.app, owner, tourBody(site.id));
    const round = (await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
    for (const [method, url] of [
      ['GET', '/api/tours'],
      ['POST', '/api/tours'],
      ['GET', `/api/tours/${tour.id}/labels.pdf`],
      ['GET', '/api/rounds'],
      ['POST', `/api/rounds/${round.id}/scans`],
      ['GET', '/api/tours/stats'],
    ] as const) {
      expect((await req(t.app, null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }
    const intruder = await registerCompany(t.app);
    const intruderSite = await siteWithAgentOnDuty(t.app, intruder);
    const checks: [string, string, unknown?][] = [
      ['GET', `/api/tours/${tour.id}`],
      ['PATCH', `/api/tours/${tour.id}`, { name: 'Volée' }],
      ['DELETE', `/api/tours/${tour.id}`],
      ['GET', `/api/tours/${tour.id}/labels.pdf`],
      ['POST', `/api/tours/${tour.id}/checkpoints/${tour.checkpoints[0]?.id}/regenerate`],
      ['POST', `/api/tours/${tour.id}/rounds`, {}],
      ['GET', `/api/rounds/${round.id}`],
      ['POST', `/api/rounds/${round.id}/start`],
    ];
    for (const [method, url, payload] of checks) {
      const res = await req(t.app, intruder, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const foreignScan = await req(t.app, intruderSite.phone, 'POST', `/api/rounds/${round.id}/scans`, {
      code: tour.checkpoints[0]?.code,
    });
    expect(foreignScan.statusCode).toBe(404);
    expect((await req(t.app, intruder, 'GET', '/api/rounds')).json()).toEqual([]);
    // Another company's site: not a site of ours.
    const stolen = await req(t.app, intruder, 'POST', '/api/tours', tourBody(site.id));
    expect(stolen.statusCode).toBe(422);

    for (const [method, url, payload] of [
      ['POST', '/api/tours', tourBody(site.id)],
      ['PATCH', `/api/tours/${tour.id}`, { name: 'Autre' }],
      ['DELETE', `/api/tours/${tour.id}`],
      ['GET', `/api/tours/${tour.id}/labels.pdf`],
      ['POST', `/api/tours/${tour.id}/checkpoints/${tour.checkpoints[0]?.id}/regenerate`],
    ] as const) {
      const res = await req(t.app, phone, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toMatch(/administrateurs et les opérateurs/);
    }
    const operator = await addUser(t.app, owner, 'operator');
    expect(
      (await req(t.app, operator, 'PATCH', `/api/tours/${tour.id}`, { name: 'Ronde B' })).statusCode,
    ).toBe(200);
  });

  it.skipIf(!hasPdftoppm)('prints labels several per A4 page; a label read back scans', async () => {
    const owner = await registerCompany(t.app);
    const { phone, site } = await siteWithAgentOnDuty(t.app, owner);
    const checkpoints = Array.from({ length: 9 }, (_, i) => ({
      name:
        ['Portail principal', 'Quai 3', 'Local technique', 'Parking visiteurs', 'Chaufferie'][i % 5] ??
        'Point',
      kind: 'qr',
      instructions: i === 0 ? 'Vérifier la chaîne et le cadenas' : null,
    }));
    const tour = await createTour(t.app, owner, tourBody(site.id, { checkpoints, name: 'Ronde de nuit' }));
    const res = await req(t.app, owner, 'GET', `/api/tours/${tour.id}/labels.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'vigie-labels-'));
    writeFileSync(join(dir, 'labels.pdf'), res.rawPayload);
    // 150 dpi: at 100 a module of the code was about 4 px and jsQR missed some random codes.
    execFileSync('pdftoppm', ['-png', '-r', '150', join(dir, 'labels.pdf'), join(dir, 'page')]);
    const pages = execFileSync('ls', [dir])
      .toString()
      .split('\n')
      .filter((f) => f.startsWith('page'));
    expect(pages).toHaveLength(2);
    const first = join(dir, pages.sort()[0] ?? '');
    if (engine === 'pglite') {
      mkdirSync(join(__dirname, '../../../../../e2e/screenshots'), { recursive: true });
      await sharp(first).toFile(join(__dirname, '../../../../../e2e/screenshots/guard-tours-labels.png'));
    }
    // The first label (top left), read back as a phone camera would.
    const { data, info } = await sharp(first)
      .extract({ left: 0, top: 0, width: 620, height: 438 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    rmSync(dir, { recursive: true, force: true });
    const decoded = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    expect(decoded?.data).toBe(tour.checkpoints[0]?.code);
    const round = (await req(t.app, phone, 'POST', `/api/tours/${tour.id}/rounds`, {})).json();
    const scanned = await req(t.app, phone, 'POST', `/api/rounds/${round.id}/scans`, { code: decoded?.data });
    expect(scanned.statusCode).toBe(201);
    expect(scanned.json().checkpoints[0].scan).not.toBeNull();
  });

  it('creates scheduled rounds once per slot and raises each alert once', async () => {
    const owner = await registerCompany(t.app);
    const { phone, agent, site } = await siteWithAgentOnDuty(t.app, owner);
    const tour = await createTour(
      t.app,
      owner,
      tourBody(site.id, {
        expectedMinutes: 20,
        schedule: { everyMinutes: 120, start: '00:00', end: '00:00', days: [1, 2, 3, 4, 5, 6, 7] },
      }),
    );
    // The pass runs at the start of the current slot (company timezone: Europe/Paris by default).
    const now = currentSlot(
      { everyMinutes: 120, start: '00:00', end: '00:00', days: [1, 2, 3, 4, 5, 6, 7] },
      new Date(),
      'Europe/Paris',
    ) as Date;
    await runGuardTourPass(t.db, now);
    await runGuardTourPass(t.db, now);
    const rounds = (await req(t.app, owner, 'GET', `/api/rounds?tourId=${tour.id}`)).json();
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ status: 'planned', agentId: agent.id });
    const plannedAt = new Date(rounds[0].plannedAt).getTime();
    expect(plannedAt).toBeLessThanOrEqual(now.getTime());
    expect(plannedAt).toBe(now.getTime());
    // No further slots from here: the passes below run hours later.
    const unscheduled = await req(t.app, owner, 'PATCH', `/api/tours/${tour.id}`, { schedule: null });
    expect(unscheduled.json().schedule).toBeNull();

    const notes = async (kind: string) =>
      t.db.withTenant(
        owner.company.id,
        async (tx) =>
          rowsOf<{ n: number }>(
            await tx.execute(
              sql`select count(distinct dedupe_key)::int as n from notifications where company_id = ${owner.company.id} and dedupe_key = ${`tour.${kind}.${rounds[0].id}`}`,
            ),
          )[0]?.n,
      );
    const at = (min: number) => new Date(plannedAt + min * 60_000);
    await runGuardTourPass(t.db, at(5));
    expect(await notes('late')).toBe(0);
    await runGuardTourPass(t.db, at(11));
    await runGuardTourPass(t.db, at(12));
    expect(await notes('late')).toBe(1);

    const start = await req(t.app, phone, 'POST', `/api/rounds/${rounds[0].id}/start`);
    expect(start.statusCode).toBe(200);
    const startedAt = new Date(start.json().startedAt).getTime();
    const sAt = (min: number) => new Date(startedAt + min * 60_000);
    const tourDto = (await req(t.app, owner, 'GET', `/api/tours/${tour.id}`)).json();
    await req(t.app, phone, 'POST', `/api/rounds/${rounds[0].id}/scans`, {
      code: tourDto.checkpoints[0].code,
    });
    await runGuardTourPass(t.db, sAt(25));
    expect(await notes('overdue')).toBe(0);
    await runGuardTourPass(t.db, sAt(31));
    await runGuardTourPass(t.db, sAt(32));
    expect(await notes('overdue')).toBe(1);
    await runGuardTourPass(t.db, sAt(51));
    await runGuardTourPass(t.db, sAt(52));
    expect(await notes('missed')).toBe(1);
    const closed = (await req(t.app, owner, 'GET', `/api/rounds/${rounds[0].id}`)).json();
    expect(closed).toMatchObject({ status: 'missed', scanned: 1 });
    const bell = (await req(t.app, owner, 'GET', '/api/notifications')).json();
    const missed = (Array.isArray(bell) ? bell : (bell.items ?? [])).find(
      (n: { title: string }) => n.title === `Points de contrôle manqués : ${tourDto.name}`,
    );
    expect(missed?.body ?? missed?.message).toMatch(
      /3 point\(s\) non scanné\(s\) : Quai 3, Local technique, Issue de secours Nord/,
    );
    const stats = (await req(t.app, owner, 'GET', `/api/tours/stats?siteId=${site.id}`)).json();
    expect(stats.sites[0]).toMatchObject({ missed: 1, completionRate: 0 });
  });
});
