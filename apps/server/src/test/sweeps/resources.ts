// What the sweeps know about the API's resources: how to create one of each kind in a company, and
// which body/query fields reference it. Teaching the sweeps a new module is a few lines in `kinds`;
// a route with a path parameter under an unknown prefix fails the sweeps until it is taught.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { Endpoint } from '@vigie/contract/common';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { z } from 'zod';
import { jobWorkerOf } from '../../db/jobs';
import { runLoneWorkerPass } from '../../modules/lone-worker/lone-worker.jobs';
import { agentOnDuty, startProtection } from '../../modules/lone-worker/test-support';
import { notify } from '../../modules/notifications/notifications.service';
import type { Tenant } from '../harness';
import type { DiscoveredRoute } from './discover';
import { unwrap, validSample } from './schema-walk';

export interface Kind {
  name: string;
  /** Collection path: `POST prefix` creates one, `prefix/:id` addresses one. */
  prefix: string;
  /** Body and query fields that hold the id of a resource of this kind. */
  refFields: string[];
  /** Body of the create call; default: a minimal valid sample of the contract's body schema. */
  body?: (unique: string, ref: (field: string) => string | undefined) => unknown;
  /** Custom creation when `POST prefix` is not how this kind comes to exist; returns the id. */
  create?: (f: Fixture) => Promise<string>;
  /**
   * Route patterns whose parameter this kind fills, for a resource that is no row of a list of the
   * company (a backup file of the server: `/api/settings/backups/:name`). Its `prefix` then names no
   * list route, so that no sweep looks for it in one.
   */
  paths?: string[];
}

/** An agent who may work: a valid CNAPS card far ahead. */
const agentBody = (u: string) => ({
  name: `Agent ${u}`,
  badge: `B-${u}`,
  phone: '0612345678',
  email: `agent-${u}@exemple.fr`,
  speciality: 'Surveillance',
  level: 'junior',
  hireDate: '2024-01-15',
  cnapsNumber: 'CAR-075-2035-03-14-20190123456',
  cnapsExpiresOn: '2035-03-14',
});

export const kinds: Kind[] = [
  {
    name: 'user',
    prefix: '/api/users',
    refFields: ['userId', 'operatorId', 'assignedUserId'],
    body: (u) => ({
      name: `Agent ${u}`,
      email: `agent-${u}@exemple.fr`,
      password: 'motdepasse1',
      role: 'agent',
    }),
  },
  { name: 'site', prefix: '/api/sites', refFields: ['siteId', 'assignedSiteId', 'allowedSiteIds'] },
  { name: 'camera', prefix: '/api/cameras', refFields: ['cameraId'] },
  { name: 'alarm', prefix: '/api/alarms', refFields: ['alarmId'] },
  { name: 'integration key', prefix: '/api/integrations/keys', refFields: [] },
  { name: 'agent', prefix: '/api/agents', refFields: ['agentId', 'agentIds'], body: (u) => agentBody(u) },
  {
    name: 'shift',
    prefix: '/api/shifts',
    refFields: ['shiftId'],
    // Its own agent, with a valid CNAPS card: the shared agent fixture may have been legitimately
    // changed by the sweeps (an empty card number clears the card). The shift is far ahead of any
    // other, so that no working-time rule refuses it.
    create: async (f) => {
      const post = async (url: string, payload: Record<string, unknown>) => {
        const res = await f.app.inject({ method: 'POST', url, headers: f.tenant.auth, payload });
        if (res.statusCode !== 201) throw new Error(`${url} for the sweep: ${res.statusCode} ${res.body}`);
        return (res.json() as { id: string }).id;
      };
      const agentId = await post('/api/agents', agentBody(unique()));
      return post('/api/shifts', {
        agentId,
        siteId: await f.id(kinds.find((k) => k.name === 'site') as Kind),
        date: '2030-06-15',
        startTime: '08:00',
        endTime: '17:00',
        breakStart: '12:00',
        breakEnd: '13:00',
        shiftType: 'custom',
      });
    },
  },
  {
    name: 'access point',
    prefix: '/api/access/points',
    refFields: ['allowedPointIds'],
    body: (u, ref) => ({ name: `Porte ${u}`, siteId: ref('siteId'), kind: 'porte' }),
  },
  {
    name: 'badge',
    prefix: '/api/access/badges',
    refFields: [],
    body: (u) => ({ badgeType: 'qrcode', badgeId: `BG-${u}`, holderName: `Titulaire ${u}` }),
  },
  {
    name: 'point key',
    prefix: '/api/access/points/:id/keys',
    refFields: [],
    create: async (f) => {
      const res = await f.app.inject({
        method: 'POST',
        url: `/api/access/points/${await f.id(kindNamed('access point'))}/keys`,
        headers: f.tenant.auth,
        payload: { name: `Lecteur ${unique()}` },
      });
      if (res.statusCode !== 201) throw new Error(`point key for the sweep: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: string }).id;
    },
  },
  {
    name: 'radio',
    prefix: '/api/radio/radios',
    refFields: ['radioIds', 'radio_id'],
    create: async (f) =>
      (await postFor(f, '/api/radio/radios/', { radioId: sweepImei(), serialNumber: `SN-${unique()}` })).id,
  },
  {
    name: 'radio channel',
    prefix: '/api/radio/channels',
    refFields: ['channelId', 'currentChannelId'],
    create: async (f) =>
      (await postFor(f, '/api/radio/channels/', { name: `Canal ${unique()}`, type: 'team' })).id,
  },
  {
    name: 'radio key',
    prefix: '/api/radio/keys',
    refFields: [],
    create: async (f) => (await postFor(f, '/api/radio/keys', { name: `Passerelle ${unique()}` })).id,
  },
  {
    name: 'radio alert',
    prefix: '/api/radio/alerts',
    refFields: [],
    // An SOS of the company's radio raises one.
    create: async (f) =>
      (await postFor(f, '/api/radio/alerts/sos', { radio_id: await f.id(kindNamed('radio')) })).id,
  },
  {
    name: 'radio communication',
    prefix: '/api/radio/communications',
    refFields: [],
    // A handset's transmission with its audio (a short WAV), through the device API.
    create: async (f) => {
      const radio = await f.app.inject({
        method: 'GET',
        url: `/api/radio/radios/${await f.id(kindNamed('radio'))}`,
        headers: f.tenant.auth,
      });
      const channel = await f.app.inject({
        method: 'GET',
        url: `/api/radio/channels/${await f.id(kindNamed('radio channel'))}`,
        headers: f.tenant.auth,
      });
      const wav = Buffer.alloc(64);
      wav.write('RIFF', 0);
      wav.write('WAVE', 8);
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/radio/device/communications',
        headers: await f.headersFor({
          auth: false,
          apiKey: true,
          path: '/api/radio/device/communications',
        } as Endpoint),
        payload: { imei: radio.json().radioId, channel: channel.json().name, audio: wav.toString('base64') },
      });
      if (res.statusCode !== 201)
        throw new Error(`communication for the sweep: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: string }).id;
    },
  },
  {
    name: 'security report',
    prefix: '/api/security-reports',
    refFields: [],
    body: (_u, ref) => ({ siteId: ref('siteId') }),
  },
  {
    // A guard tour (ronde) of the company's site, with one QR checkpoint.
    name: 'tour',
    prefix: '/api/tours',
    refFields: ['tourId'],
    body: (u, ref) => ({
      siteId: ref('siteId'),
      name: `Ronde ${u}`,
      expectedMinutes: 30,
      checkpoints: [{ name: `Point ${u}`, kind: 'qr' }],
    }),
  },
  {
    // A checkpoint of the fixture's tour (addressed under it).
    name: 'tour checkpoint',
    prefix: '/api/tours/:id/checkpoints',
    refFields: ['checkpointId'],
    create: async (f) => {
      const tourId = await f.id(kindNamed('tour'));
      const res = await f.app.inject({ method: 'GET', url: `/api/tours/${tourId}`, headers: f.tenant.auth });
      const id = (res.json() as { checkpoints?: { id: string }[] }).checkpoints?.[0]?.id;
      if (!id) throw new Error(`tour checkpoint for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
  {
    // A round of the fixture's tour, started by the control room for the fixture's agent.
    name: 'tour round',
    prefix: '/api/rounds',
    refFields: ['roundId'],
    create: async (f) => {
      const tourId = await f.id(kindNamed('tour'));
      const agentId = await f.id(kindNamed('agent'));
      const res = await f.app.inject({
        method: 'POST',
        url: `/api/tours/${tourId}/rounds`,
        headers: f.tenant.auth,
        payload: { agentId },
      });
      if (res.statusCode !== 201) throw new Error(`round for the sweep: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: string }).id;
    },
  },
  {
    // A main courante entry, written by the company's administrator (any site of the company).
    name: 'logbook entry',
    // The list needs a site (`GET /api/logbook?siteId=`): no bare list route to look for it in.
    prefix: '/api/logbook/:id',
    paths: ['/api/logbook/:id'],
    refFields: ['correctsId'],
    // Created directly: the generic creation would resolve `correctsId` — a reference to this very
    // kind — before creating it, without end.
    create: async (f) => {
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/logbook',
        headers: f.tenant.auth,
        payload: {
          siteId: await f.id(kinds.find((k) => k.name === 'site') as Kind),
          category: 'consigne',
          text: `Consigne ${randomBytes(4).toString('hex')}`,
        },
      });
      const id = (res.json() as { id?: string }).id;
      if (!id) throw new Error(`logbook entry for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
  {
    // A photo of a main courante entry, addressed by its file id.
    name: 'logbook photo',
    prefix: '/api/logbook/photos',
    paths: ['/api/logbook/photos/:id'],
    refFields: [],
    create: async (f) => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/logbook',
        headers: f.tenant.auth,
        payload: {
          siteId: await f.id(kinds.find((k) => k.name === 'site') as Kind),
          category: 'ronde',
          text: 'Photo pour le balayage',
          photos: [png.toString('base64')],
        },
      });
      const id = (res.json() as { photos?: { id: string }[] }).photos?.[0]?.id;
      if (!id) throw new Error(`logbook photo for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
  {
    // A lone-worker protection: only an agent on duty turns one on, so the fixture makes an agent's
    // account, its agent record, a shift around now and its clock-in, then the protection.
    name: 'lone worker session',
    prefix: '/api/lone-worker/sessions',
    refFields: [],
    create: async (f) => {
      const { phone } = await agentOnDuty(f.app, f.tenant);
      return (await startProtection(f.app, phone)).id;
    },
  },
  {
    // An alert of a missed check-in: the fixture's protection, and the pass run past its due time.
    name: 'lone worker alert',
    prefix: '/api/lone-worker/alerts',
    refFields: [],
    create: async (f) => {
      const sessionId = await f.id(kindNamed('lone worker session'));
      const grace = f.app.config.loneWorkerGraceMs;
      await runLoneWorkerPass(f.app.db, new Date(Date.now() + 241 * 60_000 + grace), grace);
      const res = await f.app.inject({
        method: 'GET',
        url: '/api/lone-worker/alerts',
        headers: f.tenant.auth,
      });
      const id = (res.json() as { id: string; sessionId: string }[]).find(
        (a) => a.sessionId === sessionId,
      )?.id;
      if (!id) throw new Error(`lone worker alert for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
  {
    // The public verification of a final report, by its fingerprint: open to anyone by design, so a
    // well-formed fingerprint of no report is what every probe meets (404).
    name: 'security report fingerprint',
    prefix: '/api/verification/:fingerprint',
    paths: ['/api/verification/:fingerprint'],
    refFields: [],
    create: async () => randomBytes(32).toString('hex'),
  },
  {
    // A backup of the whole database, addressed by its file name. The sweeps run on in-memory
    // databases, which have no backups folder: a well-formed name is enough (valid for the schema, and
    // unknown to every company, which is what a probe with another company's name must meet).
    name: 'backup',
    prefix: '/api/settings/backups/:name',
    paths: ['/api/settings/backups/:name'],
    refFields: [],
    create: async () => {
      backupCounter++;
      return `vigie-20300101-${String(1_000_000 + backupCounter).slice(1)}-000.tar.gz`;
    },
  },
  {
    // A generated report: requested with 202 (built by the job queue afterwards).
    name: 'report',
    prefix: '/api/reports',
    refFields: [],
    create: async (f) => {
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/reports/generate',
        headers: f.tenant.auth,
        payload: { type: 'alarms', format: 'excel', startDate: '2030-01-01', endDate: '2030-01-07' },
      });
      if (res.statusCode !== 202) throw new Error(`report for the sweep: ${res.statusCode} ${res.body}`);
      const id = (res.json() as { id: string }).id;
      // Built by the job queue afterwards: wait for it, so that no table changes under a sweep's photos.
      for (let i = 0; i < 300; i++) {
        await jobWorkerOf(f.app.db)?.runOnce();
        const r = await f.app.inject({ method: 'GET', url: `/api/reports/${id}`, headers: f.tenant.auth });
        if (['Prêt', 'Échec'].includes((r.json() as { status: string }).status)) return id;
        await new Promise((ok) => setTimeout(ok, 100));
      }
      throw new Error('the report for the sweep was never built');
    },
  },
  {
    name: 'report schedule',
    prefix: '/api/reports/schedules',
    refFields: [],
    body: (u) => ({
      type: 'alarms',
      format: 'pdf',
      frequency: 'weekly',
      recipients: [`client-${u}@exemple.fr`],
    }),
  },
  {
    name: 'notification',
    prefix: '/api/notifications',
    refFields: [],
    // Nothing creates a notification over HTTP: the fixture tells its owner something, as a module would.
    create: async (f) => {
      await f.app.db.withTenant(f.tenant.company.id, (tx) =>
        notify(tx, f.tenant.company.id, {
          kind: 'sweep',
          severity: 'info',
          audience: { userIds: [f.tenant.user.id] },
          title: 'Notification de test',
          body: 'Créée par le balayage',
        }),
      );
      const res = await f.app.inject({
        method: 'GET',
        url: '/api/notifications?limit=1',
        headers: f.tenant.auth,
      });
      const id = (res.json() as { id: string }[])[0]?.id;
      if (!id) throw new Error(`no notification for the sweep: ${res.statusCode} ${res.body}`);
      return id;
    },
  },
];

async function postFor(f: Fixture, url: string, payload: Record<string, unknown>) {
  const res = await f.app.inject({ method: 'POST', url, headers: f.tenant.auth, payload });
  if (res.statusCode !== 201) throw new Error(`${url} for the sweep: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

/** A fresh IMEI: 14 digits and their Luhn check digit. */
function sweepImei() {
  const body = `35${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** Valid request parts for a route when the contract's schema alone cannot produce them. */
export const samples: Record<string, (unique: string) => { body?: unknown; query?: Record<string, string> }> =
  {
    // A browser's PushSubscription: a push service's https URL and a real P-256 key, which no
    // schema walk can invent.
    // Bodies whose fields depend on each other (a code or a recovery code; a new password that
    // differs and is confirmed): refused by the server as wrong, never as malformed.
    'POST /api/auth/login/2fa': () => ({ body: { challenge: 'x'.repeat(43), code: '123456' } }),
    'POST /api/me/password': () => ({
      body: {
        currentPassword: 'faux-mot-de-passe',
        newPassword: 'Nouveau-mot-2passe',
        confirmPassword: 'Nouveau-mot-2passe',
      },
    }),
    'POST /api/me/2fa/enable': () => ({ body: { code: '123456' } }),
    // A security report's edit must name at least one field.
    'PATCH /api/security-reports/:id': (u) => ({ body: { comments: `Commentaire ${u}` } }),
    // A scan names a QR label or an NFC tag, one of the two (an unknown tag: refused, nothing written).
    'POST /api/rounds/:id/scans': () => ({ body: { nfcUid: '01020304' } }),
    'POST /api/me/2fa/disable': () => ({ body: { code: '123456' } }),
    'POST /api/notifications/push/subscriptions': (u) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        body: {
          endpoint: `https://fcm.googleapis.com/fcm/send/sweep-${u}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
      };
    },
  };

let backupCounter = 0;

/** The kind a path addresses: the longest known prefix of the path before the parameter. */
export function kindForPath(url: string, param: string): Kind {
  const named = kinds.find((k) => k.paths?.includes(url));
  if (named) return named;
  const before = url.slice(0, url.indexOf(`:${param}`)).replace(/\/$/, '');
  const kind = [...kinds].sort((a, b) => b.prefix.length - a.prefix.length).find((k) => before === k.prefix);
  if (!kind) {
    throw new Error(
      `teach the sweep how to create a resource for ${before}/:${param} (add { name, prefix: '${before}', refFields } to kinds in apps/server/src/test/sweeps/resources.ts)`,
    );
  }
  return kind;
}

export const kindForField = (field: string) => kinds.find((k) => k.refFields.includes(field));
const kindNamed = (name: string) => kinds.find((k) => k.name === name) as Kind;

/**
 * Fields named like references that hold no id: the spec names a badge's number `badgeId` and a
 * radio's IMEI `radioId`.
 */
const notReferences = new Set(['badgeId', 'radioId']);

/** Fields of an object schema (one level, and nested objects) that look like references (`…Id`). */
export function referenceFields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const out = new Set<string>();
  const visit = (s: z.ZodType) => {
    const inner = unwrap(s).inner;
    const d = inner._zod.def;
    if (d.type === 'union') for (const o of d.options) visit(o);
    if (d.type !== 'object') return;
    for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>)) {
      if ((/Ids?$/.test(k) || /_id$/.test(k)) && !notReferences.has(k)) out.add(k);
      visit(v);
    }
  };
  visit(schema);
  return [...out];
}

let counter = 0;
export const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** One company's resources, created through the API on demand. */
export class Fixture {
  private ids = new Map<string, string>();
  readonly created: { kind: string; id: string }[] = [];

  constructor(
    readonly app: FastifyInstance,
    readonly tenant: Tenant,
    private readonly routes: DiscoveredRoute[],
  ) {
    this.ids.set('user:owner', tenant.user.id);
  }

  private deviceKeys = new Map<string, string>();

  /**
   * How a route's caller proves itself: the session (`auth`, default this tenant's), a device key
   * of this company for `apiKey` routes (created once per scope, never revoked by a probe), or
   * nothing. Readers' routes take a key bound to an access point, handsets' a radio gateway key, the
   * others an alarm panel's.
   */
  async headersFor(endpoint: Endpoint, auth = this.tenant.auth): Promise<Record<string, string>> {
    if (endpoint.auth) return auth;
    if (!endpoint.apiKey) return {};
    const scope = endpoint.path.startsWith('/api/access/')
      ? 'access_point'
      : endpoint.path.startsWith('/api/radio/')
        ? 'radio'
        : 'alarms';
    let key = this.deviceKeys.get(scope);
    if (!key) {
      const url =
        scope === 'alarms'
          ? '/api/integrations/keys'
          : scope === 'radio'
            ? '/api/radio/keys'
            : `/api/access/points/${await this.id(kindNamed('access point'))}/keys`;
      const res = await this.app.inject({
        method: 'POST',
        url,
        headers: this.tenant.auth,
        payload: { name: `Appareil ${unique()}` },
      });
      if (res.statusCode !== 201) throw new Error(`device key for the sweep: ${res.statusCode} ${res.body}`);
      key = (res.json() as { key: string }).key;
      this.deviceKeys.set(scope, key);
    }
    return { 'x-api-key': key };
  }

  /** The id of one resource of `kind` in this company (created the first time). */
  async id(kind: Kind): Promise<string> {
    const known = this.ids.get(kind.name);
    if (known) return known;
    const id = kind.create ? await kind.create(this) : await this.createThroughApi(kind);
    this.ids.set(kind.name, id);
    this.created.push({ kind: kind.name, id });
    return id;
  }

  /** Creates every kind the schema's reference fields point at; returns a synchronous resolver. */
  async refsFor(schemas: (z.ZodType | undefined)[]): Promise<(field: string) => string | undefined> {
    const resolved = new Map<string, string>();
    for (const schema of schemas) {
      for (const field of referenceFields(schema)) {
        const kind = kindForField(field);
        if (kind) resolved.set(field, await this.id(kind));
      }
    }
    return (field) => resolved.get(field);
  }

  private async createThroughApi(kind: Kind): Promise<string> {
    const route = this.routes.find((r) => r.method === 'POST' && r.url === kind.prefix);
    if (!route) {
      throw new Error(
        `teach the sweep how to create a ${kind.name}: no POST ${kind.prefix} is registered (give the kind a create())`,
      );
    }
    const u = unique();
    const ref = await this.refsFor([route.endpoint.body]);
    const body = kind.body
      ? kind.body(u, ref)
      : validSample(route.endpoint.body as z.ZodType, { unique: u, ref }, route.name);
    const res = await this.app.inject({
      method: 'POST',
      url: kind.prefix,
      headers: this.tenant.auth,
      payload: body as Record<string, unknown>,
      remoteAddress: `10.9.${counter % 250}.${(counter * 7) % 250}`,
    });
    if (res.statusCode >= 300) {
      throw new Error(
        `creating a ${kind.name} for the sweep failed: ${res.statusCode} ${res.body} (body ${JSON.stringify(body)})`,
      );
    }
    const id = (res.json() as { id?: unknown }).id;
    if (typeof id !== 'string') throw new Error(`POST ${kind.prefix} answered no id: ${res.body}`);
    return id;
  }
}

/** Fills a URL pattern's parameters. */
export const fillPath = (url: string, values: Record<string, string>) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => encodeURIComponent(values[p] ?? randomUUID()));
