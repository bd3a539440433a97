// Walks the contract's zod schemas: what each accepts (unwrapped type, string and number facts)
// and one valid sample per schema, so that a probe reaches the handler. invalid-inputs.ts builds
// on it the inputs each schema rejects.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { samples } from './samples';

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are walked dynamically.
export type AnySchema = any;
export type Json = unknown;

export const def = (s: AnySchema) => s._zod.def;
const checks = (s: AnySchema): AnySchema[] => (def(s).checks ?? []).map((c: AnySchema) => c._zod.def);

/** Strips wrappers that do not change the accepted input type. */
export function unwrap(s: AnySchema): { inner: AnySchema; optional: boolean; nullable: boolean } {
  let optional = false;
  let nullable = false;
  for (;;) {
    const t = def(s).type;
    if (t === 'optional' || t === 'default' || t === 'prefault' || t === 'catch') {
      optional = true;
      s = def(s).innerType;
    } else if (t === 'nullable') {
      nullable = true;
      s = def(s).innerType;
    } else if (t === 'readonly' || t === 'nonoptional') {
      s = def(s).innerType;
    } else if (t === 'pipe') {
      // The input side decides what is accepted; a transform on the output side is irrelevant.
      const inT = def(def(s).in).type;
      s = inT === 'transform' ? def(s).out : def(s).in;
    } else if (t === 'lazy') {
      s = def(s).getter();
    } else {
      return { inner: s, optional, nullable };
    }
  }
}

/** The string formats of a string schema, including the ones piped after a trim. */
export function stringFacts(s: AnySchema) {
  const facts: { min?: number; max?: number; format?: string; pattern?: RegExp } = {};
  const visit = (x: AnySchema) => {
    const d = def(x);
    if (d.type === 'pipe') {
      visit(d.in);
      visit(d.out);
      return;
    }
    if (d.type !== 'string') return;
    if (d.format) facts.format = d.format;
    for (const c of checks(x)) {
      if (c.check === 'min_length') facts.min = Math.max(facts.min ?? 0, c.minimum);
      if (c.check === 'max_length') facts.max = Math.min(facts.max ?? Number.POSITIVE_INFINITY, c.maximum);
      if (c.check === 'string_format') {
        if (c.format === 'regex') facts.pattern = c.pattern;
        else facts.format = c.format;
      }
    }
  };
  visit(s);
  return facts;
}

export function numberFacts(s: AnySchema) {
  const f: { min?: number; max?: number; int: boolean; coerce: boolean } = {
    int: false,
    coerce: !!def(s).coerce,
  };
  for (const c of checks(s)) {
    if (c.check === 'greater_than') f.min = c.value + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') f.max = c.value - (c.inclusive ? 0 : 1);
    if (c.check === 'number_format' && /int/.test(c.format)) f.int = true;
  }
  return f;
}

export interface SampleContext {
  /** A unique suffix (e-mails are unique platform-wide). */
  unique: string;
  /** The id to put in a reference field (`siteId`), or undefined if the sweep knows no such kind. */
  ref(field: string): string | undefined;
  /** Query strings carry text: numbers and booleans are sent as strings. */
  asText?: boolean;
}

/**
 * A minimal valid value of `schema`: required fields only. Throws with a clear message if it cannot
 * build one (teach the sweep a sample in samples.ts then).
 */
export function validSample(schema: z.ZodType, ctx: SampleContext, where: string): Json {
  // A route taught a sample (samples.ts) uses it for the part its schema accepts.
  const taught = samples[where]?.(ctx.unique);
  for (const part of [taught?.body, taught?.query]) {
    if (part !== undefined && schema.safeParse(part).success) return part as Json;
  }
  const value = sampleOf(schema, ctx, '');
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `Could not build a valid sample for ${where} (${JSON.stringify(value)}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}). Teach the sweep one in test/sweeps/samples.ts.`,
    );
  }
  return value;
}

/** Valid values of formats with a check digit: an IMEI (15 digits, Luhn). */
const wellKnownValues = ['490154203237518'];

function sampleOf(schema: AnySchema, ctx: SampleContext, key: string): Json {
  const { inner } = unwrap(schema);
  const d = def(inner);
  switch (d.type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(d.shape as Record<string, AnySchema>)) {
        if (unwrap(v).optional) continue;
        out[k] = sampleOf(v, ctx, k);
      }
      return out;
    }
    case 'string': {
      const f = stringFacts(schema);
      if (f.format === 'email') return `sweep-${ctx.unique}@exemple.fr`;
      if (f.format === 'uuid' || f.format === 'guid') return ctx.ref(key) ?? randomUUID();
      if (f.format === 'datetime') return new Date().toISOString();
      if (f.format === 'date') return new Date().toISOString().slice(0, 10);
      if (f.pattern) {
        const tries = ['0612345678', 'abc', 'ABC', '123', 'a1', '2030-06-15', '2030-06', '08:00'];
        const guess = tries.find((t) => f.pattern?.test(t)) ?? (tries[0] as string);
        if (schema.safeParse(guess).success) return guess;
        return wellKnownValues.find((v) => schema.safeParse(v).success) ?? guess;
      }
      const min = f.min ?? 1;
      const base = `Sweep ${ctx.unique}`;
      const padded = base.length >= min ? base : base.padEnd(min, 'x');
      const text =
        f.max !== undefined ? padded.slice(0, Math.max(min, Math.min(padded.length, f.max))) : padded;
      if (schema.safeParse(text).success) return text;
      // Values with a check digit no walk can guess (an IMEI behind a transform).
      return wellKnownValues.find((v) => schema.safeParse(v).success) ?? text;
    }
    case 'number': {
      const f = numberFacts(inner);
      const n = f.min !== undefined ? f.min : f.max !== undefined ? Math.min(1, f.max) : 1;
      return ctx.asText ? String(n) : n;
    }
    case 'boolean':
      return ctx.asText ? 'true' : true;
    case 'enum':
      return Object.values(d.entries)[0];
    case 'literal':
      return d.values[0];
    case 'array': {
      const min = checks(inner).find((c) => c.check === 'min_length')?.minimum ?? 0;
      return Array.from({ length: min }, () => sampleOf(d.element, ctx, key));
    }
    case 'union': {
      for (const option of d.options as AnySchema[]) {
        const v = sampleOf(option, ctx, key);
        if (option.safeParse(v).success) return v;
      }
      return sampleOf(d.options[0], ctx, key);
    }
    case 'record':
      return {};
    case 'null':
      return null;
    case 'date':
      return new Date().toISOString();
    default:
      return undefined;
  }
}
