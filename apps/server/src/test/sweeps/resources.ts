// What the sweeps know about the API's resources: how to create one of each kind in a company, and
// which body/query fields reference it. Teaching the sweeps a new module is a few lines in `kinds`;
// a route with a path parameter under an unknown prefix fails the sweeps until it is taught.
//
// The kinds are written per module group in resources-*.ts and assembled here, in a fixed order;
// a kind's shape is in kind.ts, the company fixture that creates them in fixture.ts.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Kind } from './kind';
import { accessKinds } from './resources-access';
import { alarmFileKinds } from './resources-alarm-file';
import { coreKinds } from './resources-core';
import { fieldKinds } from './resources-field';
import { instructionsKinds } from './resources-instructions';
import { interventionKinds } from './resources-interventions';
import { mapKinds } from './resources-map';
import { planningKinds } from './resources-planning';
import { radioKinds } from './resources-radio';
import { reportKinds } from './resources-reports';
import { unwrap } from './schema-walk';

export const kinds: Kind[] = [
  ...coreKinds,
  ...planningKinds,
  ...accessKinds,
  ...radioKinds,
  ...fieldKinds,
  ...reportKinds,
  ...instructionsKinds,
  ...mapKinds,
  ...alarmFileKinds,
  ...interventionKinds,
];

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

/** Fills a URL pattern's parameters. */
export const fillPath = (url: string, values: Record<string, string>) =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => encodeURIComponent(values[p] ?? randomUUID()));
