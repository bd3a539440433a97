// The catalogue check's reading of the source (Node only, used by catalogue.test.ts): which French
// texts the code shows through t()/msg(), and which French texts it shows without them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'rolldown/parseAst';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Attributes whose text a user reads (or hears, for aria-label). */
const readAttributes = new Set(['placeholder', 'title', 'aria-label', 'alt', 'label', 'description']);
/** A French letter that English code and identifiers never hold. */
const frenchLetter = /[àâçéèêëîïôûùüÿœÀÂÇÉÈÊËÎÏÔÛÙÜŸŒ«»]/;

export type Offence = { file: string; line: number; text: string };
export type SourceReading = { messages: Map<string, string[]>; offences: Offence[] };

function isNode(value: unknown): value is Node {
  return !!value && typeof value === 'object' && typeof (value as Node).type === 'string';
}

function literalText(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const [quasi] = node.quasis as { value: { cooked: string } }[];
    return quasi?.value.cooked ?? null;
  }
  return null;
}

function isMessageCall(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  return (
    callee.type === 'Identifier' && (callee.name === 't' || callee.name === 'msg' || callee.name === 'tc')
  );
}

/** A call's message id: its text, or `[context] text` for tc(context, text). */
function messageOf(node: Node): string | null {
  const args = node.arguments as unknown[];
  if ((node.callee as Node).name !== 'tc') return literalText(args[0]);
  const context = literalText(args[0]);
  const text = literalText(args[1]);
  return context === null || text === null ? null : `[${context}] ${text}`;
}

/** Reads one file: its messages (with where they are) and its French texts outside the catalogue. */
export function readSource(file: string, code: string, into: SourceReading, root: string) {
  const lang = file.endsWith('.tsx') ? 'tsx' : 'ts';
  const program = parseAst(code, { lang }) as unknown as Node;
  const lineOf = (offset: number) => code.slice(0, offset).split('\n').length;
  const where = `${relative(root, file)}`;
  const lines = code.split('\n');
  // A French text that is not shown (a value compared with a server's answer) says so in a comment
  // on its line or the line before: `// i18n: not shown`.
  const notShown = (line: number) =>
    [lines[line - 1], lines[line - 2]].some((l) => l?.includes('i18n: not shown'));
  const offend = (node: Node, text: string) => {
    const line = lineOf(node.start);
    if (!notShown(line)) into.offences.push({ file: where, line, text: text.trim().slice(0, 80) });
  };

  const visit = (node: Node, parent: Node | null, key: string) => {
    if (isMessageCall(node)) {
      const text = messageOf(node);
      if (text !== null) {
        const list = into.messages.get(text) ?? [];
        list.push(`${where}:${lineOf(node.start)}`);
        into.messages.set(text, list);
      }
      // Its other arguments (values) may hold further calls: walk them, not the message.
      const first = (node.callee as Node).name === 'tc' ? 2 : 1;
      for (const arg of (node.arguments as Node[]).slice(first)) visit(arg, node, 'arguments');
      return;
    }
    if (node.type === 'ImportDeclaration') return;
    // A table of labels (`const alarmStatusLabels = { open: 'Ouverte', … }`, the contract's enums):
    // each value is a message, translated with t() where it is shown.
    if (node.type === 'VariableDeclarator' && /Labels$/.test(String((node.id as Node).name))) {
      const init = node.init as Node | null;
      if (init?.type === 'ObjectExpression') {
        for (const property of init.properties as Node[]) {
          const text = literalText(property.value);
          if (text === null) continue;
          const list = into.messages.get(text) ?? [];
          list.push(`${where}:${lineOf(property.start)}`);
          into.messages.set(text, list);
        }
        return;
      }
    }
    if (node.type === 'JSXText') {
      const text = String(node.value);
      if (/\p{L}{2,}/u.test(text)) offend(node, text);
      return;
    }
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name as string;
      const text = literalText(node.value);
      if (readAttributes.has(name) && text && /\p{L}{2,}/u.test(text)) offend(node, text);
      if (name === 'className') return;
    }
    if (node.type === 'Literal' && typeof node.value === 'string' && frenchLetter.test(node.value)) {
      const isKey = parent?.type === 'Property' && key === 'key';
      if (!isKey) offend(node, node.value);
      return;
    }
    if (node.type === 'TemplateElement') {
      const text = (node.value as { cooked: string }).cooked ?? '';
      if (frenchLetter.test(text)) offend(node, text);
      return;
    }
    for (const [childKey, value] of Object.entries(node)) {
      if (childKey === 'type' || childKey === 'start' || childKey === 'end') continue;
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item, node, childKey);
      } else if (isNode(value)) visit(value, node, childKey);
    }
  };
  visit(program, null, '');
}

/** The source files of a folder, tests and declarations excepted. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.(test|d)\.tsx?$/.test(f) && !f.includes('/test/'))
    .map((f) => join(dir, f))
    .sort();
}

export function readSources(files: string[], root: string): SourceReading {
  const reading: SourceReading = { messages: new Map(), offences: [] };
  for (const file of files) readSource(file, readFileSync(file, 'utf8'), reading, root);
  return reading;
}
