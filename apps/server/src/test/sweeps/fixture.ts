// A company's resources for the sweeps, created through the API on demand, and the device keys its
// `apiKey` routes are called with.
import type { Endpoint } from '@vigie/contract/common';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Tenant } from '../harness';
import type { DiscoveredRoute } from './discover';
import { type Kind, unique, uniqueCount } from './kind';
import { kindForField, referenceFields } from './resources';
import { accessPointKind } from './resources-access';
import { validSample } from './schema-walk';

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
            : `/api/access/points/${await this.id(accessPointKind)}/keys`;
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
      remoteAddress: `10.9.${uniqueCount() % 250}.${(uniqueCount() * 7) % 250}`,
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
