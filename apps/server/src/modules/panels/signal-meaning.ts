// A journal signal's meaning in the reader's language. The receiver stores it in French, built from
// the event's label (the code tables), the zone / user / door / area it names, the panel's own text
// after « — », and the test mode's note; or a refusal's sentence. On the way out it is cut back into
// those pieces, each written from the catalogue (locales/{en,es}/panels.json); what a panel or an
// installer wrote (a zone's name, the SIA text) stays as it is. A meaning the cut does not
// recognise is matched whole against the catalogue's messages, else left in French.
import { type Language, translate } from '../../lib/languages';
import { classifyContactId, contactIdCodes, linkTestOutcome, siaCodes } from './protocol/event-codes';

/** The note take-signal.ts appends while the site's panels are in test mode. */
const testNote = ' (mode test : rien n’est déclenché)';

/** Every label an event can start with (the tables' and the Contact ID qualifiers'), longest first. */
const eventLabels: string[] = (() => {
  const all = new Set<string>([linkTestOutcome.label]);
  for (const entry of Object.values(siaCodes)) all.add(entry.outcome.label);
  for (const code of Object.keys(contactIdCodes))
    for (const qualifier of [1, 3, 6] as const) all.add(classifyContactId({ qualifier, code }).outcome.label);
  return [...all].sort((a, b) => b.length - a.length);
})();

const unknownCode = /^(Code SIA inconnu|Événement Contact ID inconnu) (\S+)$/;

/** What follows the label, as describe-event.ts writes it. */
const tail =
  /^(?: zone (\S+) « (.*?) »| zone (\S+)| par l’utilisateur (\S+)| porte (\S+)| secteur (\S+))?(?:, secteur (\S+))?(?: — (.*))?$/s;

/** An event's label: the catalogue's, else the Contact ID forms built on a label. */
function labelIn(language: Language, label: string): string {
  const own = translate(language, label);
  if (own !== label) return own;
  const unknown = unknownCode.exec(label);
  if (unknown)
    return unknown[1] === 'Code SIA inconnu'
      ? translate(language, 'Code SIA inconnu {code}', { code: unknown[2] })
      : translate(language, 'Événement Contact ID inconnu {code}', { code: unknown[2] });
  const restored = /^Rétablissement (.+)$/.exec(label)?.[1];
  if (restored) {
    const event = labelIn(language, restored.charAt(0).toUpperCase() + restored.slice(1));
    return translate(language, 'Rétablissement : {event}', { event });
  }
  const still = /^(.+) \(toujours présent\)$/.exec(label)?.[1];
  if (still) return translate(language, '{event} (toujours présent)', { event: labelIn(language, still) });
  const ended = /^(.+) \(fin\)$/.exec(label)?.[1];
  if (ended) return translate(language, '{event} (fin)', { event: labelIn(language, ended) });
  return label;
}

/** The labels `text` may start with: the tables' (longest first), or an unknown code's. */
function labelsOf(text: string): string[] {
  const found = eventLabels.filter((label) => text.startsWith(label));
  const unknown = /^(?:Code SIA inconnu|Événement Contact ID inconnu) \S+/.exec(text);
  return unknown ? [...found, unknown[0]] : found;
}

/** The event's description cut into its label and what follows, or null when it is none. */
function eventIn(language: Language, text: string): string | null {
  for (const label of labelsOf(text)) {
    const m = tail.exec(text.slice(label.length));
    if (!m) continue;
    const [, zone, zoneName, bareZone, user, door, area, alsoArea, panelText] = m;
    const parts = [labelIn(language, label)];
    if (zone !== undefined)
      parts.push(translate(language, 'zone {zone} « {name} »', { zone, name: zoneName }));
    if (bareZone !== undefined) parts.push(translate(language, 'zone {zone}', { zone: bareZone }));
    if (user !== undefined) parts.push(translate(language, 'par l’utilisateur {user}', { user }));
    if (door !== undefined) parts.push(translate(language, 'porte {door}', { door }));
    if (area !== undefined) parts.push(translate(language, 'secteur {area}', { area }));
    let out = parts.join(' ');
    if (alsoArea !== undefined) out += `, ${translate(language, 'secteur {area}', { area: alsoArea })}`;
    if (panelText !== undefined) out += ` — ${panelText}`;
    return out;
  }
  return null;
}

/** A stored meaning in `language` (French: as stored). */
export function meaningIn(language: Language, meaning: string): string {
  if (language === 'fr') return meaning;
  if (meaning.endsWith(testNote)) {
    const event = meaningIn(language, meaning.slice(0, -testNote.length));
    return `${event} ${translate(language, '(mode test : rien n’est déclenché)')}`;
  }
  return eventIn(language, meaning) ?? translate(language, meaning);
}
