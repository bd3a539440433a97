// The alarm file's PDF in the requester's language (issue 35), on both engines: an English operator's
// file read back with pdftotext (headings, rows, entries, durations and dates in English, the CNAPS
// line in French beside its translation, no French fixed text left); a Spanish operator's file; a
// French owner's stays French with a Spanish Accept-Language (the session's language wins).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../../test/harness';

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const CNAPS = 'AUT-069-2030-05-12-12345678901';

/** The French document's fixed texts: none may be left in another language's. */
const frenchWords = [
  'Dossier de levée de doute',
  'Empreinte SHA-256',
  'Chaîne intègre',
  "L'alarme",
  'Gravité',
  'Déclenchée le',
  'Heures enregistrées',
  'Première présentation',
  'Durées',
  'De la réception',
  'Entrées du dossier',
  'Affichée à',
  'Prise en charge',
  'Résultat',
  'Motif',
  'Clôturée par',
  'Note de résolution',
  'Dossier signé',
  'Signature du dossier',
  'Dossier non signé',
  'généré le',
];

async function drawnSignature() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="140"><path d="M20 100 C 60 20, 90 20, 110 90 S 170 130, 200 60" stroke="#0f172a" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe.each(engines)('alarm file PDF in the requester’s language (%s)', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let operator: Tenant;
  let siteId: string;
  let dir: string;

  const inject = (tenant: Tenant, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: tenant.auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(engine);
    dir = mkdtempSync(join(tmpdir(), 'alarm-file-lang-'));
    owner = await registerCompany(t.app, { subscription: 'enterprise' });
    operator = await addUser(t.app, owner, 'operator');
    const identity = await inject(owner, 'PUT', '/api/settings/identity', {
      legalName: 'Gardiennage Horizon SAS',
      address: '12 rue des Lilas, Lyon',
      cnapsAuthorisation: CNAPS,
    });
    expect(identity.statusCode, identity.body).toBe(200);
    const site = await inject(owner, 'POST', '/api/sites', { name: 'Entrepôt Nord', address: 'Lyon' });
    siteId = site.json().id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A resolved, signed alarm's file with a call, a decision and a closing note. */
  async function resolvedFile() {
    const alarm = await inject(owner, 'POST', '/api/alarms', {
      siteId,
      title: 'Intrusion quai 3',
      description: 'Détecteur de mouvement déclenché',
      location: 'Quai 3',
      triggeredBy: 'Détecteur PIR 12',
    });
    expect(alarm.statusCode, alarm.body).toBe(201);
    const id = alarm.json().id as string;
    await inject(operator, 'POST', `/api/alarms/${id}/shown`);
    await inject(operator, 'POST', `/api/alarms/${id}/acknowledge`);
    const call = await inject(operator, 'POST', `/api/alarms/${id}/file/entries`, {
      kind: 'call',
      contactName: 'M. Durand',
      role: 'Gérant',
      number: '06 12 34 56 78',
      outcome: 'message_left',
    });
    expect(call.statusCode, call.body).toBe(201);
    const resolved = await inject(operator, 'POST', `/api/alarms/${id}/resolve`, {
      note: 'Fausse alarme',
      decision: { outcome: 'negative', reason: 'Chat vu à la caméra' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const signed = await inject(operator, 'POST', `/api/alarms/${id}/file/signature`, {
      signature: await drawnSignature(),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    return id;
  }

  const pdfText = (pdf: Buffer) => {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
  };

  it.runIf(hasPdftotext)('writes an English operator’s file in English', async () => {
    const profile = await inject(operator, 'PATCH', '/api/me/profile', { language: 'en', phone: null });
    expect(profile.statusCode, profile.body).toBe(200);
    const id = await resolvedFile();
    const res = await inject(operator, 'GET', `/api/alarms/${id}/file.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    if (process.env.ALARM_FILE_PDF_OUT) writeFileSync(process.env.ALARM_FILE_PDF_OUT, res.rawPayload);
    const text = pdfText(res.rawPayload);
    for (const words of [
      'Alarm verification file',
      'SHA-256 fingerprint of the chain of entries:',
      'Authenticity can be checked by scanning the code or at:',
      'Chain intact: 6 entries checked, none altered or removed.',
      `Autorisation d'exercice CNAPS : ${CNAPS} (CNAPS operating licence)`,
      'The alarm',
      'Intrusion — passive (alarm verification)',
      'Severity',
      'Triggered on',
      'Times recorded by Vigie',
      'First shown',
      'Durations',
      'From receipt to taking in charge',
      'File entries (6)',
      'Alarm shown to an operator',
      `Shown to ${operator.user.name}`,
      'M. Durand (Gérant) on 06 12 34 56 78, at',
      'Outcome: Message left',
      'Verification: false alarm',
      'Reason: Chat vu à la caméra',
      `Closed by ${operator.user.name}`,
      'Resolution note: Fausse alarme',
      'File signature',
      'SHA-256 fingerprint of the signature:',
      'Alarm file generated on',
      'Page 1 / ',
    ])
      expect(text, words).toContain(words);
    // Dates in en-GB, with their seconds.
    expect(text).toMatch(/File signed on \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} \(entry no\. \d+\)/);
    expect(frenchWords.filter((w) => text.includes(w))).toEqual([]);
  });

  it.runIf(hasPdftotext)(
    'writes a Spanish operator’s file in Spanish; a French owner’s stays French whatever the browser asks',
    async () => {
      const owned = await inject(owner, 'PATCH', '/api/me/profile', { language: 'fr', phone: null });
      expect(owned.statusCode, owned.body).toBe(200);
      const id = await resolvedFile();
      // The session's language wins over the header: a French owner reads French.
      const french = await t.app.inject({
        method: 'GET',
        url: `/api/alarms/${id}/file.pdf`,
        headers: { ...owner.auth, 'accept-language': 'es' },
      });
      expect(pdfText(french.rawPayload)).toContain('Dossier de levée de doute');
      const spanish = await inject(operator, 'PATCH', '/api/me/profile', { language: 'es', phone: null });
      expect(spanish.statusCode, spanish.body).toBe(200);
      const res = await inject(operator, 'GET', `/api/alarms/${id}/file.pdf`);
      const text = pdfText(res.rawPayload);
      for (const words of [
        'Expediente de verificación de alarma',
        'Cadena íntegra: 6 entradas verificadas',
        'La alarma',
        'Duraciones',
        'Entradas del expediente (6)',
        'Resultado: Mensaje dejado',
        'Verificación: falsa alarma',
        'Página 1 / ',
      ])
        expect(text, words).toContain(words);
      expect(frenchWords.filter((w) => text.includes(w))).toEqual([]);
    },
  );
});
