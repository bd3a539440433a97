// The server's problem details in English and Spanish: every French detail written in the code has
// its translation in both catalogues, with the same arguments; the request's language is picked by
// preference; a text without a translation stays French.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readCatalogue, translatedLocales } from '@vigie/contract/i18n/catalogue-files';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { acceptedLanguage, catalogueDirs, translate } from './languages';

type Node = { type: string; start: number; [key: string]: unknown };

const root = new URL('../../../../', import.meta.url).pathname;
const serverSrc = join(root, 'apps/server/src');

/** The calls whose string arguments are problem details. */
const detailCalls = new Set([
  'notFound',
  'forbidden',
  'conflict',
  'invalid',
  'unauthorized',
  'AppError',
  'say',
]);

const isNode = (v: unknown): v is Node =>
  !!v && typeof v === 'object' && typeof (v as Node).type === 'string';
const calleeName = (node: Node): string | undefined => {
  const callee = node.callee as Node;
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression') return (callee.property as Node).name as string;
  return undefined;
};

/** The string literals under a node (a template without `${}` counts; one with them is code). */
function literalsUnder(node: unknown, out: string[]) {
  if (Array.isArray(node)) for (const n of node) literalsUnder(n, out);
  if (!isNode(node)) return;
  if (node.type === 'Literal' && typeof node.value === 'string') out.push(node.value);
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0)
    out.push((node.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? '');
  if (node.type === 'CallExpression' && /^(warn|error|info|debug)$/.test(calleeName(node) ?? '')) return;
  for (const [key, value] of Object.entries(node)) if (key !== 'type') literalsUnder(value, out);
}

/**
 * The French details of a file: in an error file (`*.errors.ts`, plugins/errors.ts) every text
 * with a space (codes have none; log lines are skipped); elsewhere, the texts given to the error
 * factories.
 */
function frenchDetails(code: string, errorFile: boolean): string[] {
  const program = parseAst(code, { lang: 'ts' }) as unknown as Node;
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const n of node) visit(n);
    if (!isNode(node)) return;
    if (node.type === 'ImportDeclaration') return;
    if (
      (node.type === 'CallExpression' || node.type === 'NewExpression') &&
      detailCalls.has(calleeName(node) ?? '')
    )
      literalsUnder(node.arguments, found);
    for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value);
  };
  if (errorFile) literalsUnder(program, found);
  else visit(program);
  return found.filter((text) => /\p{L}/u.test(text) && /\s/.test(text));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !/\.(test|d)\.ts$/.test(f) && !/test-support|\/test\//.test(f))
    .map((f) => join(dir, f));
}

/** Every French detail of the server, with where it is written. */
function serverDetails(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of sourceFiles(serverSrc)) {
    const code = readFileSync(file, 'utf8');
    const errorFile = file.endsWith('.errors.ts') || file.endsWith('plugins/errors.ts');
    if (!errorFile && !/\b(notFound|forbidden|conflict|invalid|unauthorized|AppError)\(/.test(code)) continue;
    for (const text of frenchDetails(code, errorFile)) out.set(text, relative(root, file));
  }
  return out;
}

/**
 * The contract's validation messages (`error:` and `message:` of its schemas), a template written
 * as the message with arguments it is matched back to (`${label} est obligatoire` → `{label} …`).
 */
function contractMessages(): Map<string, string> {
  const out = new Map<string, string>();
  const textOf = (node: Node): string | null => {
    if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : null;
    if (node.type !== 'TemplateLiteral') return null;
    const names = (node.expressions as Node[]).map((e) =>
      e.type === 'Identifier' ? e.name : e.type === 'MemberExpression' ? (e.property as Node).name : null,
    );
    if (names.includes(null)) return null; // a computed argument (`${index + 1}`): written by hand
    const quasis = node.quasis as { value: { cooked: string } }[];
    return quasis.map((q, i) => q.value.cooked + (i < names.length ? `{${names[i]}}` : '')).join('');
  };
  for (const file of sourceFiles(join(root, 'packages/contract/src'))) {
    const visit = (node: unknown) => {
      if (Array.isArray(node)) for (const n of node) visit(n);
      if (!isNode(node)) return;
      const key = node.type === 'Property' ? ((node.key as Node).name as string) : '';
      const text = (key === 'error' || key === 'message') && textOf(node.value as Node);
      if (text) out.set(text, relative(root, file));
      for (const [k, value] of Object.entries(node)) if (k !== 'type') visit(value);
    };
    visit(parseAst(readFileSync(file, 'utf8'), { lang: 'ts' }));
  }
  return out;
}

/** The names of a message's arguments, from its compiled form (`["Site ", ["name"]]`). */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (part: unknown) => {
    if (!Array.isArray(part)) return;
    for (const token of part) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === 'string') names.add(token[0]);
      const options = token[2];
      if (options && typeof options === 'object') for (const branch of Object.values(options)) walk(branch);
    }
  };
  walk(compileMessage(text));
  return [...names].sort();
}

describe('the server catalogues', () => {
  const details = serverDetails();
  const validation = contractMessages();

  it('finds the details of the code', () => {
    expect(details.size).toBeGreaterThan(200);
    expect(details.has('Site introuvable')).toBe(true);
    expect(details.has('Corps de requête JSON mal formé')).toBe(true); // the framework's, plugins/errors.ts
    expect(details.has('Cette garde est « {statusLabel} » : elle ne peut plus être annulée')).toBe(true);
    expect(details.has('unhandled error')).toBe(false); // a log line
    expect(validation.size).toBeGreaterThan(200);
    expect(validation.has('{label} est obligatoire')).toBe(true);
  });

  for (const locale of translatedLocales) {
    const catalogue = readCatalogue(catalogueDirs, locale);

    it(`has every detail and validation message in ${locale}`, () => {
      const missing = [...details]
        .filter(([id]) => !catalogue[id]?.trim())
        .map(([id, file]) => `${id}  (${file})`);
      expect(missing).toEqual([]);
    });

    it(`keeps each message's arguments in ${locale}`, () => {
      const wrong: string[] = [];
      for (const [id, text] of Object.entries(catalogue)) {
        try {
          if (argumentsOf(id).join() !== argumentsOf(text).join()) wrong.push(`${id} → ${text}`);
        } catch (error) {
          wrong.push(`${id} → ${text}: ${(error as Error).message}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('translate', () => {
  it('writes a detail in the language, with its arguments', () => {
    expect(translate('en', 'Site introuvable')).toBe('Site not found');
    expect(translate('es', 'Site introuvable')).toBe('Sitio no encontrado');
    const tooFar =
      'Vous êtes à {distance} m du site ({allowed} m au plus) : approchez-vous ou scannez un point de contrôle du site';
    expect(translate('fr', tooFar, { distance: 1500, allowed: 200 })).toBe(
      'Vous êtes à 1500 m du site (200 m au plus) : approchez-vous ou scannez un point de contrôle du site',
    );
    expect(translate('en', tooFar, { distance: 1500, allowed: 200 })).toContain('1500');
  });

  it('keeps French plurals as they were written before', () => {
    const id =
      'Impossible de supprimer ce site : son historique compte {count, plural, one {{count} alarme} other {{count} alarmes}} à conserver. Passez-le en Inactif.';
    expect(translate('fr', id, { count: 1 })).toContain('compte 1 alarme à');
    expect(translate('fr', id, { count: 0 })).toContain('compte 0 alarme à');
    expect(translate('fr', id, { count: 1200 })).toContain('compte 1200 alarmes à');
    expect(translate('en', id, { count: 1 })).toContain('1 alarm ');
    expect(translate('en', id, { count: 3 })).toContain('3 alarms');
  });

  it('translates a `…Label` argument with the message', () => {
    const id = 'Cette garde est « {statusLabel} » : elle ne peut plus être annulée';
    expect(translate('fr', id, { statusLabel: 'En cours' })).toBe(
      'Cette garde est « En cours » : elle ne peut plus être annulée',
    );
    expect(translate('en', id, { statusLabel: 'En cours' })).not.toContain('En cours');
  });

  it("matches a contract's written-out message back to its arguments", () => {
    expect(translate('en', "L'adresse ne doit pas dépasser 300 caractères")).toMatch(/300 characters/);
    expect(translate('es', "L'adresse ne doit pas dépasser 300 caractères")).toMatch(/300 caracteres/);
  });

  it('translates a refusal written out of several messages, piece by piece', () => {
    const refusal =
      "Adresse refusée : 10.0.0.7 est une adresse de réseau privé. Le serveur ne se connecte pas aux réseaux internes, sauf à ceux que l'exploitant a ouverts (CAMERA_ALLOWED_NETWORKS)";
    const en = translate('en', 'Image non demandée. {reasonLabel}', { reasonLabel: refusal });
    expect(en).toMatch(
      /^Snapshot not requested\. Address refused: 10\.0\.0\.7 is a private network address\./,
    );
    expect(translate('fr', 'Image non demandée. {reasonLabel}', { reasonLabel: refusal })).toBe(
      `Image non demandée. ${refusal}`,
    );
  });

  it('falls back to French for an unknown text, braces included', () => {
    expect(translate('en', 'Texte inconnu du catalogue')).toBe('Texte inconnu du catalogue');
    expect(translate('es', 'Le nom {x} contient une accolade')).toBe('Le nom {x} contient une accolade');
    expect(translate('fr', 'Site introuvable')).toBe('Site introuvable');
  });
});

describe('acceptedLanguage', () => {
  it('picks our language of highest preference', () => {
    expect(acceptedLanguage('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(acceptedLanguage('fr;q=0.5, es;q=0.9, en;q=0.7')).toBe('es');
    expect(acceptedLanguage('de-DE, es-MX;q=0.4, en;q=0.3')).toBe('es');
    expect(acceptedLanguage('en;q=0, es')).toBe('es');
    expect(acceptedLanguage('es, en')).toBe('es'); // equal preference: the order given
  });

  it('answers null when none of ours is accepted', () => {
    expect(acceptedLanguage(undefined)).toBeNull();
    expect(acceptedLanguage('')).toBeNull();
    expect(acceptedLanguage('de, it;q=0.5')).toBeNull();
    expect(acceptedLanguage(`${'x,'.repeat(300)}en`)).toBeNull(); // too long to be a browser's
  });
});
