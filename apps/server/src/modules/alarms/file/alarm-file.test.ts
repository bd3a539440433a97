// The alarm's file of checks over HTTP: every kind of entry, the times and durations, the first
// « shown » only, taken in charge by the acknowledgement, the decision required to resolve (or given
// with it, or skipped for an active alarm), only additions after the resolution, amendments, the
// append-only rule (no route, the trigger), the chain check failing on an altered row, other
// companies, roles and bad input (nothing written), the interventions' interface, the PDF with its
// fingerprint and the public verification, the drawn signature closing a resolved file (once).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../plugins/errors';
import {
  addUser,
  asOwner,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../../test/harness';
import { appendAlarmFileEntry } from './alarm-file.service';

/** A signature as the web's pad sends it: a PNG data URL of a pen stroke on a transparent ground. */
async function drawnSignature() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="140"><path d="M20 100 C 60 20, 90 20, 110 90 S 170 130, 200 60 S 280 20, 380 90" stroke="#0f172a" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.each(engines)('alarm file on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let operator: Tenant;
  let agent: Tenant;
  let other: Tenant;
  let siteId: string;
  let otherSiteId: string;
  let cameraId: string;
  let otherCameraId: string;

  const inject = (
    tenant: Tenant | null,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: tenant?.auth ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const addSite = async (tenant: Tenant, name: string) =>
    (await inject(tenant, 'POST', '/api/sites', { name, address: `${name}, Lyon` })).json().id as string;
  const addCamera = async (tenant: Tenant, site: string, name: string) =>
    (
      await inject(tenant, 'POST', '/api/cameras', {
        siteId: site,
        name,
        location: 'Quai',
        rtspUrl: 'rtsp://127.0.0.1:9/live',
      })
    ).json().id as string;
  const newAlarm = async (tenant: Tenant = owner, extra: Record<string, unknown> = {}) => {
    const res = await inject(tenant, 'POST', '/api/alarms', {
      siteId: tenant === other ? otherSiteId : siteId,
      title: 'Intrusion quai 3',
      description: 'Détecteur de mouvement déclenché',
      location: 'Quai 3',
      triggeredBy: 'Détecteur PIR 12',
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const file = async (tenant: Tenant, id: string) => {
    const res = await inject(tenant, 'GET', `/api/alarms/${id}/file`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const add = (tenant: Tenant, id: string, body: Record<string, unknown>) =>
    inject(tenant, 'POST', `/api/alarms/${id}/file/entries`, body);
  const entryCount = async (tenant: Tenant, id: string) => (await file(tenant, id)).entries.length as number;
  const negative = { outcome: 'negative', reason: 'Chat vu à la caméra, rien à signaler' };

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app, { subscription: 'enterprise' });
    operator = await addUser(t.app, owner, 'operator');
    agent = await addUser(t.app, owner, 'agent');
    other = await registerCompany(t.app, { subscription: 'enterprise' });
    siteId = await addSite(owner, 'Entrepôt Nord');
    otherSiteId = await addSite(other, 'Ailleurs');
    cameraId = await addCamera(owner, siteId, 'Quai 3');
    otherCameraId = await addCamera(other, otherSiteId, 'Autre');
    // The site's instructions: a call list and a checklist (another module's route).
    const put = await inject(owner, 'PUT', `/api/sites/${siteId}/instructions`, {
      contacts: [{ name: 'M. Durand', role: 'Gérant', phones: ['06 12 34 56 78'], password: 'tournesol' }],
      steps: [{ text: 'Visionner la caméra du quai' }, { text: 'Appeler le gérant' }],
    });
    expect(put.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every kind of entry, numbered and chained, with the times and durations', async () => {
    const id = await newAlarm();
    const empty = await file(operator, id);
    expect(empty).toMatchObject({
      alarmId: id,
      response: 'passive',
      closed: false,
      entries: [],
      fingerprint: null,
      chain: { ok: true, checked: 0, firstBrokenNumber: null },
      times: { firstShownAt: null, takenAt: null, decisionAt: null, closedAt: null },
    });
    expect(empty.instructions.steps.map((s: { text: string }) => s.text)).toEqual([
      'Visionner la caméra du quai',
      'Appeler le gérant',
    ]);
    expect(empty.instructions.contacts[0]).toMatchObject({ name: 'M. Durand', password: 'tournesol' });

    // Shown: only the first one is kept.
    expect((await inject(operator, 'POST', `/api/alarms/${id}/shown`)).statusCode).toBe(200);
    const shownAgain = (await inject(owner, 'POST', `/api/alarms/${id}/shown`)).json();
    expect(shownAgain.entries.map((e: { kind: string }) => e.kind)).toEqual(['shown']);
    expect(shownAgain.entries[0].actor.name).toBe(operator.user.name);

    // Taken in charge by the acknowledgement, in its transaction.
    expect((await inject(operator, 'POST', `/api/alarms/${id}/acknowledge`)).statusCode).toBe(200);

    const from = new Date(Date.now() - 120_000).toISOString();
    const to = new Date(Date.now() - 60_000).toISOString();
    const bodies = [
      { kind: 'video_viewed', cameraId, from, to, remark: 'Silhouette près du quai' },
      { kind: 'checklist_step', stepIndex: 0, text: 'Visionner la caméra du quai', ticked: true },
      {
        kind: 'call',
        contactName: 'M. Durand',
        role: 'Gérant',
        number: '06 12 34 56 78',
        outcome: 'answered_password_ok',
        remark: 'Personne sur site',
      },
      { kind: 'call', contactName: 'Mme Leroy', number: '+33 4 78 00 00 00', outcome: 'no_answer' },
      { kind: 'decision', outcome: 'positive', reason: 'Intrus visible à la caméra' },
      { kind: 'authorities', service: 'police', reference: 'PV-2026-118' },
      { kind: 'note', text: 'Patrouille de police en route' },
    ];
    for (const body of bodies) {
      const res = await add(operator, id, body);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    }
    // The decision is required to resolve: given here already, so the resolution passes.
    const resolved = await inject(operator, 'POST', `/api/alarms/${id}/resolve`, {
      note: 'Intrus interpellé',
    });
    expect(resolved.statusCode).toBe(200);

    const f = await file(owner, id);
    expect(f.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'shown',
      'taken',
      'video_viewed',
      'checklist_step',
      'call',
      'call',
      'decision',
      'authorities',
      'note',
      'closed',
    ]);
    expect(f.entries.map((e: { number: number }) => e.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < f.entries.length; i++) expect(f.entries[i].prevHash).toBe(f.entries[i - 1].hash);
    expect(f.entries[0].prevHash).toBe('0'.repeat(64));
    expect(f.chain).toEqual({ ok: true, checked: 10, firstBrokenNumber: null });
    expect(f.fingerprint).toBe(f.entries[9].hash);
    expect(f.closed).toBe(true);
    expect(f.decision).toEqual({ outcome: 'positive', reason: 'Intrus visible à la caméra' });
    expect(f.entries[1].data).toEqual({ by: operator.user.name });
    expect(f.entries[2].data).toMatchObject({ cameraId, cameraName: 'Quai 3', from, to, recordingId: null });
    expect(f.entries[4].data).toMatchObject({ contactName: 'M. Durand', outcome: 'answered_password_ok' });
    expect(f.entries[7].data).toMatchObject({ service: 'police', reference: 'PV-2026-118' });
    expect(f.entries[9].data).toEqual({ note: 'Intrus interpellé', automatic: false });
    expect(f.times).toMatchObject({
      takenBy: operator.user.name,
      decisionBy: operator.user.name,
      closedBy: operator.user.name,
    });
    for (const k of ['receivedAt', 'firstShownAt', 'takenAt', 'decisionAt', 'closedAt'])
      expect(f.times[k], k).toEqual(expect.any(String));
    for (const k of [
      'receivedToShown',
      'receivedToTaken',
      'takenToDecision',
      'decisionToClosed',
      'receivedToClosed',
    ])
      expect(f.durations[k], k).toBeGreaterThanOrEqual(0);

    // After the resolution: only additions (notes, amendments); the rest is refused and writes nothing.
    const late = await add(operator, id, { kind: 'decision', outcome: 'negative', reason: 'Changement' });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain('ne peut plus être modifié');
    expect(
      (
        await add(operator, id, {
          kind: 'call',
          contactName: 'X',
          number: '0600000000',
          outcome: 'no_answer',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await add(operator, id, { kind: 'note', text: 'Dépôt de plainte prévu demain' })).statusCode,
    ).toBe(201);
    const call = f.entries[4];
    const amended = await add(operator, id, {
      kind: 'amendment',
      amendsEntryId: call.id,
      text: 'Le gérant a donné le mot de passe au second essai',
    });
    expect(amended.statusCode).toBe(201);
    const after = amended.json();
    expect(after.entries).toHaveLength(12);
    expect(after.entries[11]).toMatchObject({ kind: 'amendment', amendsId: call.id, number: 12 });
    expect(after.entries[4].amendedBy).toEqual([after.entries[11].id]);
    expect(after.entries[4].data).toEqual(call.data);
    expect(after.chain.ok).toBe(true);
    // A second first-shown after the resolution adds nothing.
    await inject(operator, 'POST', `/api/alarms/${id}/shown`);
    expect(await entryCount(owner, id)).toBe(12);
  });

  it('refuses to resolve without a decision (409, nothing changed), or takes it with the resolution', async () => {
    const id = await newAlarm();
    const refused = await inject(operator, 'POST', `/api/alarms/${id}/resolve`, { note: 'RAS' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'alarm_file.decision_required',
      detail: expect.stringContaining('décision de levée de doute'),
    });
    const alarm = (await inject(owner, 'GET', `/api/alarms/${id}`)).json();
    expect(alarm).toMatchObject({ status: 'active', resolvedAt: null, acknowledgedAt: null });
    expect(await entryCount(owner, id)).toBe(0);

    const ok = await inject(operator, 'POST', `/api/alarms/${id}/resolve`, {
      note: 'RAS',
      decision: negative,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'resolved', acknowledgedBy: operator.user.name });
    const f = await file(owner, id);
    expect(f.entries.map((e: { kind: string }) => e.kind)).toEqual(['decision', 'taken', 'closed']);
    expect(f.decision).toEqual(negative);
    expect(f.times.takenAt).toEqual(expect.any(String));

    // A bad decision is a 422 and resolves nothing.
    const id2 = await newAlarm();
    const bad = await inject(operator, 'POST', `/api/alarms/${id2}/resolve`, {
      note: 'RAS',
      decision: { outcome: 'peut-être', reason: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await inject(owner, 'GET', `/api/alarms/${id2}`)).json().status).toBe('active');
  });

  it('an active alarm (panic) skips the verification: Vigie records its decision', async () => {
    const id = await newAlarm(owner, {
      type: 'panic',
      severity: 'critical',
      title: 'Bouton panique accueil',
    });
    expect((await file(owner, id)).response).toBe('active');
    const res = await inject(operator, 'POST', `/api/alarms/${id}/resolve`, { note: 'Police sur place' });
    expect(res.statusCode).toBe(200);
    const f = await file(owner, id);
    expect(f.entries.map((e: { kind: string }) => e.kind)).toEqual(['decision', 'taken', 'closed']);
    expect(f.decision.outcome).toBe('not_required');
    expect(f.decision.reason).toContain('Panique');
  });

  it('is append-only: no route edits or removes an entry, the trigger refuses the app role', async () => {
    const id = await newAlarm();
    const note = (await add(operator, id, { kind: 'note', text: 'Première note' })).json().entries[0];
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      for (const url of [`/api/alarms/${id}/file/entries/${note.id}`, `/api/alarms/${id}/file`]) {
        const res = await inject(owner, method, url, method === 'DELETE' ? undefined : { text: 'x' });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    for (const statement of [
      sql`update alarm_file_entries set data = '{"text":"modifiée"}' where company_id = ${owner.company.id} and id = ${note.id}`,
      sql`delete from alarm_file_entries where company_id = ${owner.company.id} and id = ${note.id}`,
    ]) {
      await expect(t.db.withTenant(owner.company.id, (tx) => tx.execute(statement))).rejects.toSatisfy(
        (e: unknown) =>
          /append-only/.test(String((e as { cause?: { message?: string } }).cause?.message ?? e)),
      );
    }
    expect((await file(owner, id)).entries[0].data).toEqual({ text: 'Première note' });
  });

  it('the chain check finds an entry altered or removed in the database', async () => {
    const id = await newAlarm();
    for (const text of ['Un', 'Deux', 'Trois']) await add(operator, id, { kind: 'note', text });
    expect((await file(owner, id)).chain).toEqual({ ok: true, checked: 3, firstBrokenNumber: null });
    await asOwner(
      t,
      sql`update alarm_file_entries set data = '{"text":"Deux bis"}' where company_id = ${owner.company.id} and alarm_id = ${id} and number = 2`,
    );
    expect((await file(owner, id)).chain).toEqual({ ok: false, checked: 1, firstBrokenNumber: 2 });
    // An entry removed at the end: the counter remembers it.
    const id2 = await newAlarm();
    for (const text of ['Un', 'Deux']) await add(operator, id2, { kind: 'note', text });
    await asOwner(
      t,
      sql`delete from alarm_file_entries where company_id = ${owner.company.id} and alarm_id = ${id2} and number = 2`,
    );
    expect((await file(owner, id2)).chain).toEqual({ ok: false, checked: 1, firstBrokenNumber: 2 });
  });

  it("answers 404 for another company's alarm on every route, 403 to agents, 401 without a session", async () => {
    const theirs = await newAlarm(other);
    const mine = await newAlarm();
    const routes = [
      ['GET', `/api/alarms/${theirs}/file`, undefined],
      ['POST', `/api/alarms/${theirs}/file/entries`, { kind: 'note', text: 'Intrusion' }],
      ['POST', `/api/alarms/${theirs}/shown`, undefined],
      ['GET', `/api/alarms/${theirs}/file.pdf`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      const res = await inject(owner, method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toBe('Alarme introuvable');
    }
    expect(await entryCount(other, theirs)).toBe(0);
    for (const [method, url, body] of routes) {
      const mineUrl = url.replace(theirs, mine);
      expect((await inject(agent, method, mineUrl, body)).statusCode, mineUrl).toBe(403);
      expect((await inject(null, method, mineUrl, body)).statusCode, mineUrl).toBe(401);
    }
    // Another company's camera, or an amendment of another alarm's entry: refused, nothing written.
    const cam = await add(operator, mine, {
      kind: 'video_viewed',
      cameraId: otherCameraId,
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date().toISOString(),
    });
    expect(cam.statusCode).toBe(422);
    expect(cam.json().detail[0]).toMatchObject({ loc: ['body', 'cameraId'], msg: 'Caméra introuvable' });
    const theirNote = (await add(other, theirs, { kind: 'note', text: 'À eux' })).json().entries[0];
    const amend = await add(operator, mine, { kind: 'amendment', amendsEntryId: theirNote.id, text: 'x' });
    expect(amend.statusCode).toBe(422);
    expect(await entryCount(owner, mine)).toBe(0);
  });

  it('refuses bad input with a French detail and writes nothing', async () => {
    const id = await newAlarm();
    const otherSiteCamera = await addCamera(owner, await addSite(owner, 'Dépôt Sud'), 'Sud');
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'rien' }, "Type d'entrée invalide"],
      [{ kind: 'note', text: '   ' }, 'La note est obligatoire'],
      [{ kind: 'note', text: 'x'.repeat(2001) }, 'ne doit pas dépasser 2000 caractères'],
      [
        { kind: 'call', contactName: 'A', number: 'abc', outcome: 'no_answer' },
        'Numéro de téléphone invalide',
      ],
      [
        { kind: 'call', contactName: 'A', number: '0600000000', outcome: 'peut-être' },
        "Résultat de l'appel invalide",
      ],
      [
        {
          kind: 'call',
          contactName: 'A',
          number: '0600000000',
          outcome: 'no_answer',
          calledAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
        "L'heure ne peut pas être dans le futur",
      ],
      [{ kind: 'decision', outcome: 'positive', reason: '' }, 'Le motif de la décision est obligatoire'],
      [{ kind: 'authorities', service: 'armée' }, 'Service invalide'],
      [{ kind: 'video_viewed', cameraId }, 'Indiquez la période visionnée'],
      [
        {
          kind: 'video_viewed',
          cameraId,
          from: new Date().toISOString(),
          to: new Date(Date.now() - 60_000).toISOString(),
        },
        'La fin de la période doit suivre son début',
      ],
      [
        {
          kind: 'video_viewed',
          cameraId: otherSiteCamera,
          from: new Date(Date.now() - 60_000).toISOString(),
          to: new Date().toISOString(),
        },
        "La caméra doit appartenir au site de l'alarme",
      ],
      [
        { kind: 'video_viewed', cameraId, recordingId: '00000000-0000-4000-8000-000000000000' },
        "Cet enregistrement n'appartient pas",
      ],
      [{ kind: 'checklist_step', text: 'Étape', ticked: 'oui' }, 'Indiquez si la consigne est faite'],
      [
        { kind: 'amendment', amendsEntryId: '00000000-0000-4000-8000-000000000000', text: 'x' },
        "L'entrée à rectifier n'existe pas",
      ],
      [{ kind: 'note', text: 'a\u0000b' }, 'caractère non autorisé'],
    ];
    for (const [body, message] of cases) {
      const res = await add(operator, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json().detail), JSON.stringify(body)).toContain(message);
    }
    expect((await inject(operator, 'GET', '/api/alarms/pas-un-id/file')).statusCode).toBe(422);
    expect(await entryCount(owner, id)).toBe(0);
  });

  it('appends an intervention through the interface, in the caller’s transaction', async () => {
    const id = await newAlarm();
    const at = new Date().toISOString();
    const written = await t.db.withTenant(owner.company.id, (tx) =>
      appendAlarmFileEntry(tx, {
        alarmId: id,
        kind: 'intervention',
        actorUserId: agent.user.id,
        data: {
          interventionId: null,
          agentName: agent.user.name,
          summary: 'Intervention terminée',
          steps: [
            { label: 'Acceptée', at },
            { label: 'Sur place', at },
          ],
          report: { text: 'Porte refermée, rien de volé', photoFileIds: [] },
        },
      }),
    );
    expect(written).toMatchObject({ number: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const f = await file(owner, id);
    expect(f.entries[0]).toMatchObject({
      kind: 'intervention',
      actor: { userId: agent.user.id, name: agent.user.name },
      data: { summary: 'Intervention terminée', report: { text: 'Porte refermée, rien de volé' } },
    });
    // Another company's alarm in this transaction: not found.
    const theirs = await newAlarm(other);
    await expect(
      t.db.withTenant(owner.company.id, (tx) =>
        appendAlarmFileEntry(tx, {
          alarmId: theirs,
          kind: 'intervention',
          actorUserId: null,
          data: { interventionId: null, agentName: null, summary: 'x', steps: [], report: null },
        }),
      ),
    ).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.statusCode === 404);
  });

  it('exports the file as a PDF with the fingerprint, verifiable publicly', async () => {
    const id = await newAlarm(owner, { title: 'Intrusion entrepôt' });
    await inject(operator, 'POST', `/api/alarms/${id}/shown`);
    await inject(operator, 'POST', `/api/alarms/${id}/acknowledge`);
    await add(operator, id, {
      kind: 'call',
      contactName: 'M. Durand',
      number: '06 12 34 56 78',
      outcome: 'message_left',
    });
    await inject(operator, 'POST', `/api/alarms/${id}/resolve`, {
      note: 'Fausse alarme',
      decision: negative,
    });
    const f = await file(owner, id);
    const res = await inject(operator, 'GET', `/api/alarms/${id}/file.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dossier-alarme-\d{4}-\d{2}-\d{2}-intrusion-entrepot\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      const dir = mkdtempSync(join(tmpdir(), 'alarm-file-'));
      writeFileSync(join(dir, 'f.pdf'), res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('Dossier de levée de doute');
      expect(text).toContain((f.fingerprint as string).match(/.{8}/g)?.join(' '));
      expect(text).toContain('Chaîne intègre : 5 entrée(s) vérifiée(s)');
      expect(text).toContain('Levée de doute négative');
      expect(text).toContain('Message laissé');
    }
    const verified = await inject(null, 'GET', `/api/alarm-files/verification/${f.fingerprint}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      exists: true,
      companyName: expect.any(String),
      siteName: 'Entrepôt Nord',
      alarmTitle: 'Intrusion entrepôt',
      triggeredAt: f.times.receivedAt,
      resolvedAt: f.times.closedAt,
      number: 5,
      at: f.entries[4].at,
      entries: 5,
      signedAt: null,
    });
    const unknown = await inject(null, 'GET', `/api/alarm-files/verification/${'a'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe("Aucun dossier d'alarme ne porte cette empreinte");
    expect((await inject(null, 'GET', '/api/alarm-files/verification/xyz')).statusCode).toBe(422);
  });

  it('is signed once the alarm is resolved, once, by an operator; the PDF ends with the signature', async () => {
    const signature = await drawnSignature();
    const sign = (tenant: Tenant, id: string, body: unknown = { signature }) =>
      inject(tenant, 'POST', `/api/alarms/${id}/file/signature`, body);
    const id = await newAlarm(owner, { title: 'Intrusion signée' });
    await inject(operator, 'POST', `/api/alarms/${id}/acknowledge`);
    await add(operator, id, { kind: 'decision', ...negative });

    // Before the resolution: refused, nothing written.
    const early = await sign(operator, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(
      "Le dossier se signe une fois l'alarme résolue : résolvez d'abord l'alarme",
    );
    expect(await entryCount(owner, id)).toBe(2);
    expect((await inject(operator, 'POST', `/api/alarms/${id}/resolve`, { note: 'RAS' })).statusCode).toBe(
      200,
    );
    const before = await file(owner, id);
    expect(before.signed).toBe(false);

    // Agents, other companies, no session, bad images: refused, nothing written.
    expect((await sign(agent, id)).statusCode).toBe(403);
    expect((await sign(other, id)).statusCode).toBe(404);
    expect((await inject(null, 'POST', `/api/alarms/${id}/file/signature`, { signature })).statusCode).toBe(
      401,
    );
    expect((await inject(other, 'GET', `/api/alarms/${id}/file/signature`)).statusCode).toBe(404);
    const bad: [unknown, number, string][] = [
      [{}, 422, 'La signature est obligatoire'],
      [{ signature: '' }, 422, 'La signature est obligatoire'],
      [{ signature: 'pas du base64 !' }, 422, 'La signature doit être une image encodée en base64'],
      [
        { signature: `data:image/png;base64,${Buffer.from('%PDF-1.4 pas une image').toString('base64')}` },
        422,
        "Format d'image non pris en charge",
      ],
      [
        { signature: `data:image/png;base64,${'A'.repeat(500_000)}` },
        422,
        'La signature ne doit pas dépasser 300 Ko',
      ],
      [{ signature, extra: 1 }, 422, 'extra'],
    ];
    for (const [body, status, message] of bad) {
      const res = await sign(operator, id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(JSON.stringify(res.json()), JSON.stringify(body).slice(0, 80)).toContain(message);
    }
    expect((await inject(operator, 'GET', `/api/alarms/${id}/file/signature`)).statusCode).toBe(404);
    expect(await entryCount(owner, id)).toBe(before.entries.length);

    // Signed: a chained entry with its signer and time; the image served back as PNG.
    const signed = await sign(operator, id);
    expect(signed.statusCode).toBe(201);
    const after = signed.json();
    expect(after.signed).toBe(true);
    expect(after.chain).toMatchObject({ ok: true, checked: before.entries.length + 1 });
    const entry = after.entries.at(-1);
    expect(entry).toMatchObject({
      kind: 'signature',
      number: before.entries.length + 1,
      actor: { userId: operator.user.id, name: operator.user.name },
      prevHash: before.fingerprint,
      data: { fileId: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(after.fingerprint).toBe(entry.hash);
    const image = await inject(owner, 'GET', `/api/alarms/${id}/file/signature`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(image.rawPayload).digest('hex')).toBe(entry.data.sha256);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('png');

    // Once per file: a second signature (by anyone) is refused; a note can still follow.
    const twice = await sign(owner, id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Ce dossier est déjà signé : il ne se signe qu’une fois');
    expect((await add(owner, id, { kind: 'note', text: 'Client prévenu par courriel' })).statusCode).toBe(
      201,
    );

    // Audited.
    const audit = await inject(owner, 'GET', '/api/audit');
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json())).toContain('alarm_file.signed');

    // The public verification of the signed file's fingerprint: the signing time, no name.
    const verified = await inject(null, 'GET', `/api/alarm-files/verification/${entry.hash}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      alarmTitle: 'Intrusion signée',
      siteName: 'Entrepôt Nord',
      number: entry.number,
      entries: entry.number + 1,
      signedAt: entry.at,
    });
    expect(verified.body).not.toContain(operator.user.name);

    // The PDF: its QR code and link lead to the web page, the signature is drawn at the end.
    const pdf = await inject(operator, 'GET', `/api/alarms/${id}/file.pdf`);
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'alarm-file-signed-'));
    writeFileSync(join(dir, 'f.pdf'), pdf.rawPayload);
    if (process.env.ALARM_FILE_PDF_OUT) writeFileSync(process.env.ALARM_FILE_PDF_OUT, pdf.rawPayload);
    if (hasPdftotext) {
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
      const final = (await file(owner, id)).fingerprint as string;
      expect(text.replace(/\s+/g, '')).toContain(`/verification/dossier/${final}`);
      expect(text).not.toContain('/api/alarm-files/verification');
      expect(text).toContain('Signature du dossier');
      expect(text).toMatch(/Dossier signé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(entrée n° \d+\)/);
      expect(text).toContain(operator.user.name);
      // The drawn image is in the PDF (pdfimages lists the signature beside the QR code).
      const images = execFileSync('pdfimages', ['-list', join(dir, 'f.pdf')], { encoding: 'utf8' });
      expect(images.split('\n').filter((l) => /^\s+\d+\s+\d+\s+image/.test(l)).length).toBeGreaterThanOrEqual(
        2,
      );
    }
  });
});
