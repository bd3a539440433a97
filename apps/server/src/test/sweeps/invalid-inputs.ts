// fast-check arbitraries of inputs the contract's schemas reject (so a probe must be refused), and
// helpers to place them in a valid body. schema-walk.ts says what each schema accepts.
import fc from 'fast-check';
import type { z } from 'zod';
import { type AnySchema, def, type Json, numberFacts, stringFacts, unwrap } from './schema-walk';

/** Strings that break naive code: SQL and HTML fragments, unicode oddities, control characters. */
export const nastyStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)--',
  '" OR ""="',
  '%_\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose.
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\n\t',
  '\u202e\u200b\ufeff',
  '\ud800',
  'Ｓｏｃｉéｔé 👮‍♀️ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'İıŞşĞğ ß ﬁ',
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  'true',
  '[]',
  '{}',
  '__proto__',
];

const junkLeaf: fc.Arbitrary<Json> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...nastyStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Nested junk: deep arrays and objects, including `__proto__`/`constructor` keys. */
export const junk: fc.Arbitrary<Json> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkLeaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'id', 'companyId')),
      tie('node'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).node;

const wrongType = (kind: string): fc.Arbitrary<Json> => {
  const all: Record<string, fc.Arbitrary<Json>> = {
    string: fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ maxLength: 20 })),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true })),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(junkLeaf, { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 6 }), junkLeaf, { maxKeys: 3 }),
  };
  return fc.oneof(
    ...Object.entries(all)
      .filter(([k]) => k !== kind)
      .map(([, a]) => a),
  );
};

const uuidLike = fc.uuid();
const malformedUuid = fc.oneof(
  fc.constantFrom(
    '1234',
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000g',
    "' OR 1=1 --",
    '../..',
    '%00',
    '😀',
  ),
  uuidLike.map((u) => `${u}x`),
  uuidLike.map((u) => u.slice(0, 35)),
  uuidLike.map((u) => u.replace(/-/g, '')),
  uuidLike.map((u) => ` ${u}`),
  uuidLike.map((u) => `{${u}}`),
  fc.string({ minLength: 1, maxLength: 60 }),
);
const malformedDate = fc.constantFrom(
  '2026-13-45T99:99:99Z',
  '2026-02-30T10:00:00Z',
  'hier',
  '21/11/2026 14:05',
  '2026-11-21',
  '2026-11-21T14:05:00',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '',
);
const malformedEmail = fc.oneof(
  fc.constantFrom(
    'pas-un-email',
    'a@',
    '@exemple.fr',
    'a@b',
    'a b@exemple.fr',
    "x'--@exemple.fr",
    '<a@b.fr>',
    'a@@b.fr',
    ' ',
  ),
  fc.string({ maxLength: 30 }).filter((s) => !s.includes('@')),
);

const longString = (min: number) =>
  fc.oneof(
    fc.integer({ min, max: min + 300 }).map((n) => 'é'.repeat(n)),
    fc.integer({ min, max: min + 50 }).map((n) => '<b>x</b>'.repeat(Math.ceil(n / 8))),
    fc.constant('A'.repeat(Math.max(min, 100_000))),
  );

/** Values that `field` rejects (most of them; the caller filters through the whole schema anyway). */
export function invalidValue(field: AnySchema, asText = false): fc.Arbitrary<Json> {
  const { inner, nullable } = unwrap(field);
  const d = def(inner);
  const options: fc.Arbitrary<Json>[] = [];
  if (!nullable) options.push(fc.constant(null));
  switch (d.type) {
    case 'string': {
      const f = stringFacts(field);
      if (!asText) options.push(wrongType('string'));
      if (f.max !== undefined) options.push(longString(f.max + 1));
      if ((f.min ?? 0) >= 1) options.push(fc.constantFrom('', '   ', '\t\n'));
      if (f.format === 'email') options.push(malformedEmail);
      if (f.format === 'uuid' || f.format === 'guid') options.push(malformedUuid);
      if (f.format === 'datetime' || f.format === 'date') options.push(malformedDate);
      if (f.pattern) options.push(fc.constantFrom(...nastyStrings).filter((s) => !f.pattern?.test(s)));
      options.push(fc.constantFrom(...nastyStrings));
      break;
    }
    case 'number': {
      const f = numberFacts(inner);
      const num = (n: number) => (asText ? String(n) : n);
      if (f.min !== undefined) options.push(fc.integer({ min: -1_000_000, max: f.min - 1 }).map(num));
      if (f.max !== undefined) options.push(fc.integer({ min: f.max + 1, max: f.max + 1_000_000 }).map(num));
      if (f.int) options.push(fc.double({ min: 0.01, max: 1000, noInteger: true, noNaN: true }).map(num));
      options.push(fc.constantFrom('abc', '1e999', 'NaN', '-', '0x10', '١٢', '9'.repeat(400)));
      if (!asText && !f.coerce) options.push(wrongType('number'));
      break;
    }
    case 'boolean':
      options.push(asText ? fc.constantFrom('vrai', 'yes', '2', '') : wrongType('boolean'));
      break;
    case 'enum': {
      const values = Object.values(d.entries) as string[];
      options.push(
        fc.constantFrom(
          ...values.map((v) => v.toUpperCase()),
          ...values.map((v) => ` ${v}`),
          ...nastyStrings,
        ),
        fc.string({ maxLength: 20 }).filter((s) => !values.includes(s)),
      );
      if (!asText) options.push(wrongType('string'));
      break;
    }
    case 'literal':
      options.push(wrongType('string'), fc.constantFrom(...nastyStrings));
      break;
    case 'array':
      options.push(wrongType('array'), fc.array(junk, { minLength: 1, maxLength: 3 }));
      break;
    case 'object':
      options.push(wrongType('object'), junk);
      if (!asText) options.push(invalidObject(inner));
      break;
    default:
      options.push(junk);
  }
  return fc.oneof(...options);
}

const isPlainObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object that its schema rejects: a field missing, of the wrong type, out of range or malformed. */
export function invalidObject(
  schema: AnySchema,
  base?: Record<string, Json>,
  asText = false,
): fc.Arbitrary<Json> {
  const { inner } = unwrap(schema);
  const d = def(inner);
  if (d.type === 'union') {
    return fc.oneof(...(d.options as AnySchema[]).map((o) => invalidObject(o, base, asText)));
  }
  if (d.type !== 'object') return invalidValue(schema, asText);
  const shape = d.shape as Record<string, AnySchema>;
  const sample: Record<string, Json> = isPlainObject(base) ? base : {};
  const keys = Object.keys(shape);
  const required = keys.filter((k) => !unwrap(shape[k]).optional);
  const mutations: fc.Arbitrary<Record<string, Json> | Json>[] = [];
  if (keys.length > 0) {
    mutations.push(
      fc
        .constantFrom(...keys)
        .chain((k) => invalidValue(shape[k], asText).map((v) => ({ ...sample, [k]: v }))),
    );
    // Nested objects get their own mutations, with the rest of the sample intact.
    const nested = keys.filter(
      (k) => def(unwrap(shape[k]).inner).type === 'object' || def(unwrap(shape[k]).inner).type === 'union',
    );
    for (const k of nested) {
      mutations.push(
        invalidObject(shape[k], sample[k] as Record<string, Json>, asText).map((v) => ({
          ...sample,
          [k]: v,
        })),
      );
    }
  }
  if (required.length > 0) {
    mutations.push(
      fc.subarray(required, { minLength: 1 }).map((drop) => {
        const copy = { ...sample };
        for (const k of drop) delete copy[k];
        return copy;
      }),
    );
  }
  if (!asText) mutations.push(wrongType('object'), fc.array(junk, { maxLength: 3 }));
  const mutated = fc.oneof(...mutations);
  // Extra keys (mass assignment attempts such as companyId or isOwner) ride along with a violation.
  const extras = fc.dictionary(
    fc.constantFrom('companyId', 'company_id', 'isOwner', 'id', 'role', 'passwordHash', '__proto__', 'extra'),
    asText ? fc.constantFrom(...nastyStrings) : junk,
    { maxKeys: 2 },
  );
  return fc.tuple(mutated, extras).map(([m, extra]) => (isPlainObject(m) ? { ...extra, ...m } : m));
}

/** Keeps only inputs that the schema really rejects. */
export const rejectedBy = (schema: z.ZodType) => (v: unknown) => !schema.safeParse(v).success;

/** Every string leaf path of a valid sample (for "valid but nasty" inputs). */
export function stringPaths(value: Json, prefix: string[] = []): string[][] {
  if (typeof value === 'string') return [prefix];
  if (isPlainObject(value)) return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  return [];
}

export function setPath(value: Json, path: string[], leaf: Json): Json {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string, ...string[]];
  const obj = isPlainObject(value) ? value : {};
  return { ...obj, [head]: setPath(obj[head], rest, leaf) };
}

/** Every leaf field path of an object schema (through unions and nested objects). */
export function shapePaths(schema: z.ZodType | undefined, prefix: string[] = []): string[][] {
  if (!schema) return [];
  const { inner } = unwrap(schema);
  const d = def(inner);
  if (d.type === 'union') {
    const seen = new Map<string, string[]>();
    for (const o of d.options) for (const p of shapePaths(o, prefix)) seen.set(p.join('.'), p);
    return [...seen.values()];
  }
  if (d.type !== 'object') return prefix.length > 0 ? [prefix] : [];
  return Object.entries(d.shape as Record<string, z.ZodType>).flatMap(([k, v]) =>
    shapePaths(v, [...prefix, k]),
  );
}
