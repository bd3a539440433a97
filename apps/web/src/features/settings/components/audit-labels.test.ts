import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionLabel } from './audit-actions';
import { describeDetails, detailLabel, valueLabel } from './audit-labels';
import { describeObject, detailsBesideObject, entityLabel, kindsIn, nameOfFrom } from './audit-objects';

const serverSources = join(import.meta.dirname, '../../../../../server/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The action codes the server writes as literals: `action: 'x.y'` and the modules' small audit
 * helpers called with a code (`audited(tx, auth, id, 'shift.updated', …)`).
 */
function auditCodes(): string[] {
  const codes = new Set<string>();
  // `[^;{]`: a helper's own definition (`changed(tx, …) {`) is not a call; its body may name an event type.
  const call = /(?:action: |(?:udit|audited|changed)\([^;{]*?)'([a-z_]+\.[a-z_]+)'/g;
  for (const file of sources(serverSources)) {
    for (const match of readFileSync(file, 'utf8').matchAll(call)) codes.add(match[1] as string);
  }
  return [...codes];
}

/** The entity keys the server writes with its entries (`entity: 'camera'`). */
function entityKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(serverSources)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/entity: '([a-z_]+)'/g))
      keys.add(match[1] as string);
  }
  return [...keys];
}

/** The keys of the details objects the server writes as literals (`details: { name, fields: … }`). */
function detailKeys(): string[] {
  const keys = new Set<string>();
  for (const file of sources(serverSources)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/details: \{/g)) {
      // The object's own level only: nested objects, arrays and calls are skipped.
      let depth = 1;
      let top = '';
      for (let i = (match.index ?? 0) + match[0].length; depth > 0 && i < text.length; i++) {
        const c = text[i] as string;
        if ('{[('.includes(c)) depth++;
        else if ('}])'.includes(c)) depth--;
        top += depth === 1 && !'}])'.includes(c) ? c : ' ';
      }
      for (const key of top.matchAll(/(?:^|[{,])\s*([A-Za-z_]\w*)\s*(?=[:,]|\s*$)/g))
        keys.add(key[1] as string);
    }
  }
  return [...keys];
}

describe('audit journal labels', () => {
  it('names known actions in French and keeps unknown codes', () => {
    expect(actionLabel('settings.security_updated')).toBe('Sécurité modifiée');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it('names in French every action the server writes to the journal', () => {
    const codes = auditCodes();
    expect(codes.length).toBeGreaterThan(40);
    const untitled = codes.filter((code) => actionLabel(code) === code);
    expect(untitled).toEqual([]);
  });

  it('names in French every key of the details the server writes', () => {
    const keys = detailKeys();
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((key) => detailLabel(key) === key)).toEqual([]);
  });

  it('summarises details on one bounded line, in French', () => {
    expect(describeDetails(null)).toBe('');
    expect(describeDetails({ fields: ['name', 'phone'], ip: '203.0.113.4', gone: null })).toBe(
      'Champs modifiés : Nom, Téléphone · Adresse IP : 203.0.113.4',
    );
    // Unknown keys stay as they are; nested objects are spelled out.
    expect(describeDetails({ nested: { a: 1 } })).toBe('nested : a : 1');
    expect(describeDetails({ text: 'x'.repeat(400) })).toHaveLength(300);
  });

  it('keeps values readable: dates in French, Oui/Non, changes from → to', () => {
    expect(
      describeDetails({
        dueAt: '2026-11-21T13:05:00.000Z',
        startDate: '2026-11-01',
        position: true,
        changes: { twoFactorAuth: { from: false, to: true }, sessionTimeout: { from: 30, to: 60 } },
      }),
    ).toBe(
      'Échéance : 21/11/2026 14:05 · Date de début : 01/11/2026 · Position transmise : Oui · ' +
        "Modifications : Double authentification : Non → Oui, Délai d'inactivité : 30 → 60",
    );
  });

  it("names enum values in French with the contract's labels, by object where the key is ambiguous", () => {
    // As the alarms' creation writes them (alarms.repository: siteId, type, severity, source).
    expect(
      describeDetails({ type: 'technical', severity: 'critical', source: 'device' }, 'alarm.created'),
    ).toBe("Type : Technique · Gravité : Critique · Source : Centrale d'alarme");
    expect(describeDetails({ email: 'a@b.fr', role: 'operator' }, 'user.created')).toBe(
      'E-mail : a@b.fr · Rôle : Opérateur',
    );
    expect(describeDetails({ type: 'attendance', frequency: 'weekly' }, 'report_schedule.created')).toBe(
      'Type : Rapport de présence · Fréquence : Chaque semaine (le lundi)',
    );
    expect(
      describeDetails(
        { name: 'Lecteur', scope: 'access_point', accessPointId: 'p1' },
        'integration_key.created',
      ),
    ).toBe("Nom : Lecteur · Portée : Point d'accès · Point d'accès : p1");
    expect(describeDetails({ number: 'B-1', type: 'nfc' }, 'badge.created')).toBe(
      'Numéro : B-1 · Type : NFC',
    );
    expect(describeDetails({ reason: 'shift_end' }, 'lone_worker.ended')).toBe('Motif : Fin du service');
    expect(describeDetails({ ip: '203.0.113.4', with: 'two_factor' }, 'auth.login')).toBe(
      'Adresse IP : 203.0.113.4 · Méthode : Double authentification',
    );
    // Inside a change from → to too.
    expect(
      describeDetails(
        { changes: { backupFrequency: { from: 'daily', to: 'weekly' } } },
        'settings.system_updated',
      ),
    ).toBe('Modifications : Fréquence des sauvegardes : Quotidienne → Hebdomadaire');
    expect(valueLabel('site', 'type', 'commercial')).toBe('Commercial');
    expect(valueLabel('site', 'status', 'active')).toBe('Actif');
    expect(valueLabel('alarm', 'status', 'active')).toBe('Active');
  });

  it('keeps unknown values, free text and values of another object as they are', () => {
    expect(describeDetails({ severity: 'apocalyptic' }, 'alarm.created')).toBe('Gravité : apocalyptic');
    // A shift's cancel reason is typed by a person, even when it reads like a code.
    expect(describeDetails({ reason: 'shift_end' }, 'shift.cancelled')).toBe('Motif : shift_end');
    expect(valueLabel('alarm', 'type', 'constructor')).toBe('constructor');
    expect(describeDetails({ type: 'technical' })).toBe('Type : technical');
  });

  it('names the sites of site ids the page knows, and leaves the others as ids', () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    const gone = '33333333-3333-4333-8333-333333333333';
    const names = new Map([
      [a, 'Entrepôt Nord'],
      [b, 'Siège'],
    ]);
    const nameOf = nameOfFrom({ site: names });
    expect(describeDetails({ siteId: a }, 'camera.created', nameOf)).toBe('Site : Entrepôt Nord');
    expect(describeDetails({ allowedSiteIds: [a, gone] }, 'user.updated', nameOf)).toBe(
      `Sites autorisés : Entrepôt Nord, ${gone}`,
    );
    expect(
      describeDetails({ changes: { assignedSiteId: { from: a, to: b } } }, 'agent.updated', nameOf),
    ).toBe('Modifications : Site affecté : Entrepôt Nord → Siège');
    // Another key holding the same id is not a site: it stays as it is.
    expect(describeDetails({ userId: a }, 'user.updated', nameOf)).toBe(`Utilisateur : ${a}`);
    // Without the names (still loading), the id.
    expect(describeDetails({ siteId: a }, 'camera.created')).toBe(`Site : ${a}`);
  });

  it('names in French every entity the server writes to the journal, and keeps unknown keys', () => {
    const keys = entityKeys();
    expect(keys.length).toBeGreaterThan(25);
    expect(keys.filter((key) => entityLabel(key) === key)).toEqual([]);
    expect(
      Object.fromEntries(
        [
          'access_log',
          'access_point',
          'alarm',
          'camera',
          'company',
          'integration_key',
          'lone_worker_session',
          'radio_channel',
          'report_schedule',
          'shift',
          'tour',
          'tour_checkpoint',
          'tour_round',
          'user',
        ].map((key) => [key, entityLabel(key)]),
      ),
    ).toEqual({
      access_log: 'Journal des accès',
      access_point: "Point d'accès",
      alarm: 'Alarme',
      camera: 'Caméra',
      company: 'Société',
      integration_key: "Clé d'intégration",
      lone_worker_session: 'Protection travailleur isolé',
      radio_channel: 'Canal radio',
      report_schedule: 'Rapport planifié',
      shift: 'Garde',
      tour: 'Ronde',
      tour_checkpoint: 'Point de contrôle',
      tour_round: 'Passage de ronde',
      user: 'Utilisateur',
    });
    expect(entityLabel('job')).toBe('job');
    // Not a key: Object's own properties are not labels.
    expect(entityLabel('constructor')).toBe('constructor');
  });

  const site = '11111111-1111-4111-8111-111111111111';
  const point = '44444444-4444-4444-8444-444444444444';
  const channel = '55555555-5555-4555-8555-555555555555';
  const user = '66666666-6666-4666-8666-666666666666';
  const agent = '77777777-7777-4777-8777-777777777777';
  const company = '88888888-8888-4888-8888-888888888888';
  const gone = '99999999-9999-4999-8999-999999999999';
  const names = {
    site: new Map([[site, 'Siège']]),
    accessPoint: new Map([[point, 'Portail nord']]),
    channel: new Map([[channel, 'Canal 1']]),
    user: new Map([[user, 'Claire Martin']]),
    agent: new Map([[agent, 'Karim Benali']]),
    company: new Map([[company, 'Vigie Sécurité']]),
  };

  it('leaves out of the details the name the object already shows', () => {
    const details = { name: 'Poste de garde', version: 2 };
    const object = describeObject('tour_checkpoint', gone, names, details);
    expect(object).toBe('Point de contrôle · Poste de garde');
    expect(detailsBesideObject(details, object)).toEqual({ version: 2 });
    // The object named from a list (a renamed site): the name written then stays in the details.
    const renamed = { name: 'Ancien siège' };
    expect(detailsBesideObject(renamed, describeObject('site', site, names, renamed))).toEqual(renamed);
    expect(detailsBesideObject(null, 'Session')).toBeNull();
  });

  it('shows the object in French with its name, or its id when the page does not know it', () => {
    expect(describeObject('access_point', point, names)).toBe("Point d'accès · Portail nord");
    expect(describeObject('radio_channel', channel, names)).toBe('Canal radio · Canal 1');
    expect(describeObject('user', user, names)).toBe('Utilisateur · Claire Martin');
    expect(describeObject('agent', agent, names)).toBe('Agent · Karim Benali');
    expect(describeObject('site', site, names)).toBe('Site · Siège');
    expect(describeObject('company', company, names)).toBe('Société · Vigie Sécurité');
    // A deleted record, a list not loaded yet, a kind no list names: the id.
    expect(describeObject('access_point', gone, names)).toBe(`Point d'accès · ${gone}`);
    expect(describeObject('access_point', point, {})).toBe(`Point d'accès · ${point}`);
    expect(describeObject('camera', gone, names)).toBe(`Caméra · ${gone}`);
    // An id of one kind is not named as another kind's record.
    expect(describeObject('camera', point, names)).toBe(`Caméra · ${point}`);
    expect(describeObject('backup', 'vigie-2026-11-21.dump', names)).toBe(
      'Sauvegarde · vigie-2026-11-21.dump',
    );
    // No id (an export, a purge): the entity alone; an unknown entity as it is.
    expect(describeObject('access_log', null, names)).toBe('Journal des accès');
    // A record no list names reads with the name its entry was written with.
    expect(describeObject('camera', gone, names, { name: 'Quai 4', siteId: site })).toBe('Caméra · Quai 4');
    expect(describeObject('security_report', gone, names, { number: 'RS-2026-0002' })).toBe(
      'Rapport de sécurité · RS-2026-0002',
    );
    expect(describeObject('radio', gone, names, { name: ' ', imei: '352094102058945' })).toBe(
      'Radio · 352094102058945',
    );
    // The current name from a list wins over the one written then (a renamed site).
    expect(describeObject('site', site, names, { name: 'Ancien nom' })).toBe('Site · Siège');
    expect(describeObject('job', gone, names)).toBe(`job · ${gone}`);
  });

  it("names the access points, channels, users and agents of the details' ids, and leaves the others", () => {
    const nameOf = nameOfFrom(names);
    expect(
      describeDetails(
        { name: 'Lecteur', scope: 'access_point', accessPointId: point },
        'integration_key.created',
        nameOf,
      ),
    ).toBe("Nom : Lecteur · Portée : Point d'accès · Point d'accès : Portail nord");
    expect(describeDetails({ allowedPointIds: [point, gone] }, 'badge.updated', nameOf)).toBe(
      `Points d'accès autorisés : Portail nord, ${gone}`,
    );
    expect(
      describeDetails(
        { changes: { currentChannelId: { from: null, to: channel } } },
        'radio.updated',
        nameOf,
      ),
    ).toBe('Modifications : Canal actuel : — → Canal 1');
    expect(describeDetails({ channelId: channel, emergency: true }, 'radio_alert.emergency', nameOf)).toBe(
      'Canal : Canal 1 · Urgence : Oui',
    );
    expect(describeDetails({ userId: user }, 'agent.updated', nameOf)).toBe('Utilisateur : Claire Martin');
    expect(
      describeDetails(
        { agentId: agent, dueAt: '2026-11-21T13:05:00.000Z' },
        'lone_worker_alert.raised',
        nameOf,
      ),
    ).toBe('Agent : Karim Benali · Échéance : 21/11/2026 14:05');
    // Ids of kinds no list names, and ids the lists do not hold, stay as they are.
    expect(describeDetails({ radioId: gone, alarmId: gone }, 'radio_alert.emergency', nameOf)).toBe(
      `Radio : ${gone} · Alarme : ${gone}`,
    );
    expect(describeDetails({ agentId: gone }, 'lone_worker_alert.raised', nameOf)).toBe(`Agent : ${gone}`);
    // A user's id is not looked up among the agents, nor a site's among the access points.
    expect(describeDetails({ userId: agent, siteId: point }, 'agent.updated', nameOf)).toBe(
      `Utilisateur : ${agent} · Site : ${point}`,
    );
  });

  it('reads only the lists the entries shown need', () => {
    expect(kindsIn([])).toEqual(new Set());
    expect(
      kindsIn([
        { entity: 'camera', entityId: gone, details: { name: 'Parking', siteId: site } },
        { entity: 'access_point', entityId: point, details: null },
        { entity: 'agent', entityId: agent, details: { changes: { userId: { from: null, to: user } } } },
        // No id: nothing to name.
        { entity: 'radio_channel', entityId: null, details: { fields: ['channelId'] } },
      ]),
    ).toEqual(new Set(['site', 'accessPoint', 'agent', 'user']));
    expect(kindsIn([{ entity: 'badge', entityId: gone, details: { allowedPointIds: [] } }])).toEqual(
      new Set(['accessPoint']),
    );
    expect(kindsIn([{ entity: 'lone_worker_alert', entityId: gone, details: { agentId: null } }])).toEqual(
      new Set(),
    );
  });
});
