// Managing badges, points and the log: happy paths, bad input, sessions, roles, other companies,
// the log's filters and the retention purge.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { addUser, createTestApp, engines, registerCompany, type TestApp } from '../../test/harness';
import { purgeAccessLogs } from './logs.service';
import { check, createBadge, createPoint, createSite, qrOf, readerKey } from './test-support';

/** pdftoppm (poppler-utils, installed by .ci/run) renders the printed card for the QR test. */
const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.each(engines)('access control on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, lists, edits and deletes points and badges; a deleted badge keeps its log lines', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner, 'Entrepôt Nord');
    const point = await createPoint(t.app, owner, site.id, { name: 'Tourniquet A', kind: 'tourniquet' });
    const points = await t.app.inject({ method: 'GET', url: '/api/access/points', headers: owner.auth });
    expect(points.json()).toEqual([
      expect.objectContaining({
        id: point.id,
        name: 'Tourniquet A',
        site: 'Entrepôt Nord',
        kind: 'tourniquet',
        status: 'Actif',
        lastActivity: null,
        responding: false,
      }),
    ]);
    expect(points.headers['x-total-count']).toBe('1');
    const badge = await createBadge(t.app, owner, { badgeId: 'B-0001', expiryDate: '2030-12-31' });
    expect(badge).toMatchObject({ badgeId: 'B-0001', status: 'Actif', qrVersion: 1 });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/access/badges?search=helene',
      headers: owner.auth,
    });
    expect(list.json()).toEqual([
      expect.objectContaining({ holder: 'Hélène Dupré', department: 'Sécurité', expires: '2030-12-31' }),
    ]);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/access/badges',
      headers: owner.auth,
      payload: { badgeType: 'nfc', badgeId: 'B-0001', holderName: 'Autre' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('Ce numéro de badge est déjà attribué');
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/access/badges/${badge.id}`,
      headers: owner.auth,
      payload: { holderName: 'Hélène Dupré-Martin' },
    });
    expect(edited.json()).toMatchObject({ holderName: 'Hélène Dupré-Martin', department: 'Sécurité' });
    // Used once at the point, then deleted: the line stays with the name it had.
    const reader = await readerKey(t.app, owner, point.id);
    await check(t.app, reader.headers, await qrOf(t.app, owner, badge.id));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/access/badges/${badge.id}`, headers: owner.auth }))
        .statusCode,
    ).toBe(204);
    const logs = await t.app.inject({ method: 'GET', url: '/api/access/logs', headers: owner.auth });
    expect(logs.json()).toEqual([
      expect.objectContaining({ personName: 'Hélène Dupré-Martin', badgeId: 'B-0001', status: 'Autorisé' }),
    ]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/access/points/${point.id}`,
      headers: owner.auth,
      payload: { name: 'Tourniquet B', status: 'Hors service' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Tourniquet B', status: 'Hors service', responding: false });
  });

  it('filters the log on the server: search without accents, status, site, local days, pages', async () => {
    const owner = await registerCompany(t.app);
    const lyon = await createSite(t.app, owner, 'Lyon');
    const paris = await createSite(t.app, owner, 'Paris');
    const lyonPoint = await createPoint(t.app, owner, lyon.id);
    const parisPoint = await createPoint(t.app, owner, paris.id);
    const lyonReader = await readerKey(t.app, owner, lyonPoint.id);
    const parisReader = await readerKey(t.app, owner, parisPoint.id);
    const helene = await createBadge(t.app, owner, { badgeType: 'nfc', nfcUid: '0A0B0C0D' });
    await createBadge(t.app, owner, {
      badgeType: 'nfc',
      nfcUid: '0A0B0C0E',
      holderName: 'Marc Petit',
      department: 'Logistique',
    });
    await check(t.app, lyonReader.headers, '0A0B0C0D', 'nfc');
    await check(t.app, lyonReader.headers, '0A0B0C0E', 'nfc');
    await check(t.app, parisReader.headers, 'FFFFFFFF', 'nfc');
    const get = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/access/logs${q}`, headers: owner.auth });
    const names = async (q: string) => (await get(q)).json().map((l: { personName: string }) => l.personName);
    expect(await names('')).toEqual(['Inconnu', 'Marc Petit', 'Hélène Dupré']);
    expect(await names('?search=DUPRE')).toEqual(['Hélène Dupré']);
    expect(await names('?search=logist')).toEqual(['Marc Petit']);
    expect(await names(`?search=${helene.badgeId.toLowerCase()}`)).toEqual(['Hélène Dupré']);
    expect(await names('?status=Refus%C3%A9')).toEqual(['Inconnu']);
    expect(await names(`?siteId=${paris.id}`)).toEqual(['Inconnu']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect(await names(`?from=${today}&to=${today}`)).toHaveLength(3);
    expect(await names('?from=2020-01-01&to=2020-01-31')).toEqual([]);
    const page = await get('?limit=2');
    expect(page.json()).toHaveLength(2);
    expect(page.headers['x-total-count']).toBe('3');
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))?.[1] as string;
    const rest = await t.app.inject({ method: 'GET', url: next, headers: owner.auth });
    expect(rest.json().map((l: { personName: string }) => l.personName)).toEqual(['Hélène Dupré']);
    expect(helene.status).toBe('Actif');
    // A forged cursor is bad input, not a crash.
    expect((await get('?cursor=bm9wZQ')).statusCode).toBe(422);
  });

  it('answers the totals from the kept counts, exact at partial hours (a +05:45 timezone) and after a purge', async () => {
    const owner = await registerCompany(t.app);
    const a = await createSite(t.app, owner);
    const b = await createSite(t.app, owner);
    const id = owner.company.id;
    await t.db.withTenant(id, (tx) =>
      tx.execute(sql`update companies set timezone = 'Asia/Kathmandu' where id = ${id}`),
    );
    // 400 lines over 10 days, at odd minutes, on two sites and no site, a third refused.
    await t.db.withTenant(id, (tx) =>
      tx.execute(sql`insert into access_logs (company_id, at, site_id, point_name, site_name, person_name, access_type, status)
        select ${id}, timestamptz '2026-11-10 00:00:00+00' + i * interval '37 minutes',
               case i % 3 when 0 then ${a.id}::uuid when 1 then ${b.id}::uuid end, 'P', 'S', 'Jean', 'nfc',
               case when i % 3 = 0 then 'Refusé' else 'Autorisé' end
          from generate_series(1, 400) i`),
    );
    const exact = async (where: ReturnType<typeof sql>) =>
      rowsOf<{ n: number }>(
        await t.db.withTenant(id, (tx) =>
          tx.execute(sql`select count(*)::int as n from access_logs where company_id = ${id} and ${where}`),
        ),
      )[0]?.n;
    const total = async (q: string) =>
      Number(
        (await t.app.inject({ method: 'GET', url: `/api/access/logs?limit=1&${q}`, headers: owner.auth }))
          .headers['x-total-count'],
      );
    // Local days in Kathmandu start at 18:15 UTC the day before: both ends are partial hours.
    const from = sql`at >= timestamptz '2026-11-11 18:15:00+00'`;
    const to = sql`at < timestamptz '2026-11-14 18:15:00+00'`;
    expect(await total('')).toBe(400);
    expect(await total('from=2026-11-12&to=2026-11-14')).toBe(await exact(sql`${from} and ${to}`));
    expect(await total(`from=2026-11-12&to=2026-11-14&siteId=${a.id}&status=Refus%C3%A9`)).toBe(
      await exact(sql`${from} and ${to} and site_id = ${a.id} and status = 'Refusé'`),
    );
    expect(await total('from=2026-11-12')).toBe(await exact(from));
    expect(await total('to=2026-11-14')).toBe(await exact(to));
    expect(await total(`siteId=${b.id}`)).toBe(await exact(sql`site_id = ${b.id}`));
    // A search is counted up to 501: the screen says « plus de 500 ».
    expect(await total('search=jean')).toBe(400);
    await t.db.withTenant(id, (tx) =>
      tx.execute(sql`insert into access_logs (company_id, at, point_name, site_name, person_name, access_type, status)
        select ${id}, timestamptz '2026-11-12 00:00:00+00' + i * interval '1 minute', 'P', 'S', 'Jean', 'nfc', 'Autorisé'
          from generate_series(1, 200) i`),
    );
    expect(await total('search=jean')).toBe(501);
    expect(await total('')).toBe(600);
    // The purge moves the counts too.
    await t.db.withTenant(id, (tx) =>
      tx.execute(sql`update companies set access_log_retention_days = 1 where id = ${id}`),
    );
    await purgeAccessLogs(t.db, new Date('2026-11-15T00:00:00Z'), 50);
    expect(await total('')).toBe(await exact(sql`true`));
    expect(await total('')).toBeLessThan(400);
  });

  it('exports the filtered log as CSV and XLSX, formulas escaped, and audits each export', async () => {
    const owner = await registerCompany(t.app);
    const site = await createSite(t.app, owner, 'Dépôt');
    const point = await createPoint(t.app, owner, site.id, { name: 'Quai 1' });
    const reader = await readerKey(t.app, owner, point.id);
    await createBadge(t.app, owner, {
      badgeType: 'nfc',
      nfcUid: 'DEADBEEF',
      holderName: '=HYPERLINK("http://x","clic")',
      department: '+33 Logistique; nuit',
    });
    await check(t.app, reader.headers, 'DEADBEEF', 'nfc');
    await check(t.app, reader.headers, 'CAFEBABE', 'nfc');
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/access/logs/export?format=csv&status=Autoris%C3%A9',
      headers: owner.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="journal-acces.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe("Date et heure;Personne;Badge;Service;Site;Point d'accès;Type;Décision;Motif");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;"'=HYPERLINK(""http://x"",""clic"")";`);
    expect(lines[1]).toContain(`;"'+33 Logistique; nuit";Dépôt;Quai 1;NFC;Autorisé;`);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/access/logs/export?format=xlsx',
      headers: owner.auth,
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Journal des accès');
    expect(ws?.getRow(1).getCell(1).value).toBe(`Journal des accès — ${owner.company.name}`);
    expect(ws?.getRow(3).getCell(8).value).toBe('Décision');
    const body = [4, 5].map((i) => [
      ws?.getRow(i).getCell(2).value,
      ws?.getRow(i).getCell(8).value,
      ws?.getRow(i).getCell(9).value,
    ]);
    expect(body).toEqual([
      ['Inconnu', 'Refusé', 'badge inconnu'],
      [`'=HYPERLINK("http://x","clic")`, 'Autorisé', ''],
    ]);
    const audits = rowsOf<{ details: { format: string; lines: number } }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select details from audit_log where company_id = ${owner.company.id} and action = 'access_logs.exported' order by created_at`,
        ),
      ),
    );
    expect(audits.map((a) => [a.details.format, a.details.lines])).toEqual([
      ['csv', 1],
      ['xlsx', 2],
    ]);
    const agent = await addUser(t.app, owner, 'agent');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/access/logs/export', headers: agent.auth })).statusCode,
    ).toBe(403);
  });

  it.skipIf(!hasPdftoppm)('prints a credit-card PDF whose QR code opens the door', async () => {
    const owner = await registerCompany(t.app, { name: 'Sécurité Rhône-Alpes' });
    const site = await createSite(t.app, owner);
    const point = await createPoint(t.app, owner, site.id);
    const reader = await readerKey(t.app, owner, point.id);
    const badge = await createBadge(t.app, owner, {
      holderName: 'Hélène Dupré-Martin',
      expiryDate: '2030-06-30',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/access/badges/${badge.id}/card`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="badge-${badge.badgeId}.pdf"`);
    // Rendered as a printer would (pdftoppm), then read back as a phone camera would (jsQR).
    const dir = mkdtempSync(join(tmpdir(), 'vigie-card-'));
    writeFileSync(join(dir, 'card.pdf'), res.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '200', '-singlefile', join(dir, 'card.pdf'), join(dir, 'card')]);
    const { data, info } = await sharp(join(dir, 'card.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    rmSync(dir, { recursive: true, force: true });
    // 85.6 mm at 200 dpi (pdftoppm rounds up).
    expect(info.width).toBe(675);
    const decoded = jsQR(
      new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      info.width,
      info.height,
    );
    expect(decoded?.data).toBe(await qrOf(t.app, owner, badge.id));
    const opened = await check(t.app, reader.headers, decoded?.data ?? '');
    expect(opened.json()).toMatchObject({ decision: 'Autorisé', holder: 'Hélène Dupré-Martin' });
    const nfc = await createBadge(t.app, owner, { badgeType: 'nfc', nfcUid: '01020304' });
    const nfcCard = await t.app.inject({
      method: 'GET',
      url: `/api/access/badges/${nfc.id}/card`,
      headers: owner.auth,
    });
    expect(nfcCard.statusCode).toBe(200);
  });

  it('refuses bad input in French, other companies with 404, agents with 403, no session with 401', async () => {
    const owner = await registerCompany(t.app);
    const other = await registerCompany(t.app);
    const site = await createSite(t.app, owner);
    const point = await createPoint(t.app, owner, site.id);
    const badge = await createBadge(t.app, owner);
    const post = (url: string, payload: Record<string, unknown>, headers = owner.auth) =>
      t.app.inject({ method: 'POST', url, headers, payload });
    const bad = await post('/api/access/badges', { badgeType: 'rfid', badgeId: '', holderName: 'X' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((d: { msg: string }) => d.msg)).toEqual(
      expect.arrayContaining([
        'Type de badge invalide (qrcode ou nfc)',
        'Le numéro de badge est obligatoire',
      ]),
    );
    const badUid = await post('/api/access/badges', {
      badgeType: 'nfc',
      badgeId: 'N-1',
      holderName: 'X',
      nfcUid: 'XYZ',
    });
    expect(badUid.json().detail[0].msg).toBe("L'UID NFC doit compter 8 à 20 chiffres hexadécimaux");
    const badWindow = await post('/api/access/badges', {
      badgeType: 'qrcode',
      badgeId: 'Q-1',
      holderName: 'X',
      timeWindows: [{ days: [8], start: '25:00', end: '08:00' }],
    });
    expect(badWindow.statusCode).toBe(422);
    const badPoint = await post('/api/access/points', { name: 'X', siteId: site.id, kind: 'fenêtre' });
    expect(badPoint.json().detail[0].msg).toBe('Type de point invalide');
    // Another company's site, point and badge: unknown here.
    const foreignSite = await createSite(t.app, other);
    const foreignPoint = await createPoint(t.app, other, foreignSite.id);
    expect(
      (await post('/api/access/points', { name: 'X', siteId: foreignSite.id, kind: 'porte' })).statusCode,
    ).toBe(404);
    const foreignLink = await post('/api/access/badges', {
      badgeType: 'qrcode',
      badgeId: 'Q-2',
      holderName: 'X',
      allowedPointIds: [foreignPoint.id],
    });
    expect(foreignLink.statusCode).toBe(422);
    for (const url of [
      `/api/access/badges/${badge.id}`,
      `/api/access/points/${point.id}`,
      `/api/access/badges/${badge.id}/qr`,
    ])
      expect((await t.app.inject({ method: 'GET', url, headers: other.auth })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/access/badges/${badge.id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect((await post(`/api/access/points/${point.id}/keys`, { name: 'L' }, other.auth)).statusCode).toBe(
      404,
    );
    // Roles: an agent manages nothing; an operator manages badges but not reader keys.
    const agent = await addUser(t.app, owner, 'agent');
    const operator = await addUser(t.app, owner, 'operator');
    for (const url of ['/api/access/badges', '/api/access/points', '/api/access/logs'])
      expect((await t.app.inject({ method: 'GET', url, headers: agent.auth })).statusCode).toBe(403);
    expect(
      (
        await post(
          '/api/access/badges',
          { badgeType: 'qrcode', badgeId: 'O-1', holderName: 'Op' },
          operator.auth,
        )
      ).statusCode,
    ).toBe(201);
    const opKey = await post(`/api/access/points/${point.id}/keys`, { name: 'L' }, operator.auth);
    expect(opKey.statusCode).toBe(403);
    expect(opKey.json().detail).toBe('Réservé aux administrateurs : clés de lecteur');
    for (const url of ['/api/access/badges', '/api/access/points', '/api/access/logs'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // An NFC badge has no QR code.
    const nfc = await createBadge(t.app, owner, { badgeType: 'nfc', nfcUid: '11223344' });
    const noQr = await t.app.inject({
      method: 'GET',
      url: `/api/access/badges/${nfc.id}/qr`,
      headers: owner.auth,
    });
    expect(noQr.statusCode).toBe(409);
  });

  it('purges log lines older than the retention and keeps the younger ones, with an audit count', async () => {
    const owner = await registerCompany(t.app);
    const other = await registerCompany(t.app);
    const insert = (companyId: string, daysAgo: number) =>
      t.db.withTenant(companyId, (tx) =>
        tx.execute(sql`insert into access_logs (company_id, at, point_name, site_name, person_name, access_type, status)
          values (${companyId}, now() - make_interval(days => ${daysAgo}), 'Porte', 'Site', 'Jean', 'nfc', 'Autorisé')`),
      );
    for (const days of [200, 120, 91, 89, 10]) await insert(owner.company.id, days);
    for (const days of [95, 5]) await insert(other.company.id, days);
    // The other company keeps its lines a month only; beyond 3 months needs a reason.
    const put = (tenant: typeof other, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/access/retention', headers: tenant.auth, payload });
    expect((await put(other, { days: 30 })).json()).toEqual({ days: 30, reason: null });
    const tooLong = await put(owner, { days: 120 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().detail[0].msg).toBe(
      'Au-delà de 3 mois, indiquez la raison (10 caractères au moins) : incident, enquête…',
    );
    const operator = await addUser(t.app, owner, 'operator');
    expect((await put(operator, { days: 60 })).statusCode).toBe(403);
    const kept = await put(owner, { days: 120, reason: 'Enquête de police en cours (PV 2026-118)' });
    expect(kept.json()).toEqual({ days: 120, reason: 'Enquête de police en cours (PV 2026-118)' });
    // … and back to 3 months for the purge below.
    await put(owner, { days: 90 });
    const read = await t.app.inject({ method: 'GET', url: '/api/access/retention', headers: owner.auth });
    expect(read.json()).toEqual({ days: 90, reason: null });
    const removed = await purgeAccessLogs(t.db, new Date(), 2);
    expect(removed).toBeGreaterThanOrEqual(4);
    const left = async (companyId: string) =>
      rowsOf<{ days: number }>(
        await t.db.withTenant(companyId, (tx) =>
          tx.execute(
            sql`select round(extract(epoch from now() - at) / 86400)::int as days from access_logs where company_id = ${companyId} order by at`,
          ),
        ),
      ).map((r) => r.days);
    expect(await left(owner.company.id)).toEqual([89, 10]);
    expect(await left(other.company.id)).toEqual([5]);
    const audit = rowsOf<{ details: { removed: number } }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select details from audit_log where company_id = ${owner.company.id} and action = 'retention.access_logs_purged'`,
        ),
      ),
    );
    expect(audit.map((a) => a.details.removed)).toEqual([3]);
  });
});
