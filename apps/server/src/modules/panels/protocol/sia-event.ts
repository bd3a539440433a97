// SIA DC-03 data, the content of `SIA-DCS` frames: `#1234|Nri1/BA01`, `Nri0/RP0000`, `NBA01`,
// `#1234|Nri1/BA01/BA02`, `Nri1BA503^Salon^`, `#1234|NRR|Atest`…
//   - an optional `#<account>|` (or a bare `|`);
//   - blocks separated by `|`: the first is an event block, a later one starting with `A` is ASCII
//     text (attached to the events before it), a later `N`/`O` block holds more events;
//   - an event block starts with `N` (new event) or `O` (old event, tolerated absent), then, in any
//     order and separated or not by `/`: modifiers in lower case (`ri<area>`, `id<user>`,
//     `ti<hh:mm>`, `pi<peripheral>`…) that apply to the events after them, and events: a 2-letter
//     code, its parameter (zone or user number, digits) and an optional `^text^`.

export type SiaEvent = {
  code: string;
  /** The parameter as sent: a zone, a user or an area number depending on the code (see event-codes). */
  zone?: string;
  area?: string;
  user?: string;
  time?: string;
  text?: string;
};

export type SiaData = { ok: true; account?: string; events: SiaEvent[] } | { ok: false; detail: string };

const accountPrefix = /^#([0-9A-F]{1,16})\|/i;

export function parseSiaData(data: string): SiaData {
  let rest = data;
  let account: string | undefined;
  const acc = accountPrefix.exec(rest);
  if (acc) {
    account = acc[1];
    rest = rest.slice(acc[0].length);
  } else if (rest.startsWith('|')) {
    rest = rest.slice(1);
  }
  const events: SiaEvent[] = [];
  const blocks = rest.split('|');
  for (const [i, block] of blocks.entries()) {
    if (i > 0 && block.startsWith('A')) {
      const text = block.slice(1).trim();
      for (const e of events) e.text = e.text ? `${e.text} ${text}` : text;
      continue;
    }
    const parsed = parseEventBlock(block);
    if (!parsed) return { ok: false, detail: `bloc SIA illisible : ${block.slice(0, 40)}` };
    events.push(...parsed);
  }
  if (events.length === 0) return { ok: false, detail: 'aucun événement SIA' };
  return { ok: true, ...(account ? { account } : {}), events };
}

const modifier = /^([a-z]{2})([0-9:]*)/;
const event = /^([A-Z]{2})(\d*)/;

function parseEventBlock(block: string): SiaEvent[] | undefined {
  let b = block;
  // The function letter N/O, unless what follows could not then be read (a block like `NA01`, where
  // N starts the code itself).
  if (/^[NO]([a-z]{2}|[A-Z]{2})/.test(b)) b = b.slice(1);
  const context: { area?: string; user?: string; time?: string } = {};
  const events: SiaEvent[] = [];
  let pos = 0;
  while (pos < b.length) {
    const rest = b.slice(pos);
    const c = rest[0];
    if (c === '/' || c === ' ') {
      pos++;
      continue;
    }
    const mod = modifier.exec(rest);
    if (mod) {
      const [whole, name, value] = mod as unknown as [string, string, string];
      if (name === 'ri') context.area = value;
      else if (name === 'id') context.user = value;
      else if (name === 'ti') context.time = value;
      pos += whole.length;
      continue;
    }
    const ev = event.exec(rest);
    if (ev) {
      const [whole, code, param] = ev as unknown as [string, string, string];
      const e: SiaEvent = { code };
      if (param) e.zone = param;
      if (context.area !== undefined && context.area !== '') e.area = context.area;
      if (context.user) e.user = context.user;
      if (context.time) e.time = context.time;
      pos += whole.length;
      if (b[pos] === '^') {
        const end = b.indexOf('^', pos + 1);
        const stop = end < 0 ? b.length : end;
        const text = b.slice(pos + 1, stop).trim();
        if (text) e.text = text;
        pos = end < 0 ? b.length : end + 1;
      }
      events.push(e);
      continue;
    }
    if (c === '^' && events.length > 0) {
      // Text after a separator still belongs to the last event.
      const end = b.indexOf('^', pos + 1);
      const stop = end < 0 ? b.length : end;
      const last = events[events.length - 1];
      const text = b.slice(pos + 1, stop).trim();
      if (last && text) last.text = text;
      pos = end < 0 ? b.length : end + 1;
      continue;
    }
    return undefined;
  }
  return events;
}
