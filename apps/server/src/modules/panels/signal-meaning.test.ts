// A journal signal's meaning in English and Spanish, cut back from the French the receiver stored:
// every event the code tables describe reads without its French label, the zone's name and the
// panel's text stay as sent, refusals read in the language, French stays as stored.
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/languages';
import { duplicateText, refusedText } from './ingest/signal-text';
import type { DecodedEvent } from './protocol/decode-frame';
import { classifyEvent, describeEvent } from './protocol/describe-event';
import { contactIdCodes, siaCodes } from './protocol/event-codes';
import { meaningIn } from './signal-meaning';

const zoneName = (zone: string) => (zone === '01' ? 'Porte d’entrée' : undefined);

/** Every event the tables know, with a zone (named or not), a user or an area, and an area. */
function everyEvent(): DecodedEvent[] {
  const out: DecodedEvent[] = [{ protocol: 'link-test' }];
  for (const code of Object.keys(siaCodes)) {
    out.push({ protocol: 'sia', code, zone: '01', area: '2' });
    out.push({ protocol: 'sia', code, zone: '7', text: 'Hall B' });
  }
  for (const code of Object.keys(contactIdCodes))
    for (const qualifier of [1, 3, 6] as const) {
      out.push({ protocol: 'contact-id', qualifier, code, partition: '01', zone: '001' });
      out.push({ protocol: 'contact-id', qualifier, code, partition: '00', zone: '01' });
    }
  out.push(
    { protocol: 'sia', code: 'ZZ', zone: '3' },
    { protocol: 'contact-id', qualifier: 1, code: '999', partition: '01', zone: '004' },
  );
  return out;
}

describe("a panel signal's meaning", () => {
  it.each(['en', 'es'] as const)(
    'has no French label left in %s, for every event of the tables',
    (language) => {
      const untranslated: string[] = [];
      for (const event of everyEvent()) {
        const french = describeEvent(event, { zoneName });
        const label = classifyEvent(event).outcome.label;
        const read = meaningIn(language, french);
        // A label that reads the same in the language (« Intrusion ») is no proof: its catalogue says so.
        const same = translate(language, label) === label && !/^(Code SIA|Événement Contact ID)/.test(label);
        if (!same && read.startsWith(label)) untranslated.push(`${french} → ${read}`);
        if (french.includes('« Porte d’entrée »') && !read.includes('Porte d’entrée'))
          untranslated.push(read);
      }
      expect(untranslated).toEqual([]);
    },
  );

  it('writes the pieces in the language and keeps what the panel sent', () => {
    const sia: DecodedEvent = { protocol: 'sia', code: 'BA', zone: '01', area: '2', text: 'Réserve' };
    const french = describeEvent(sia, { zoneName });
    expect(french).toBe('Intrusion zone 01 « Porte d’entrée », secteur 2 — Réserve');
    expect(meaningIn('fr', french)).toBe(french);
    expect(meaningIn('en', french)).toBe('Intrusion zone 01 “Porte d’entrée”, area 2 — Réserve');
    expect(meaningIn('es', french)).toBe('Intrusión zona 01 «Porte d’entrée», sector 2 — Réserve');
    const arming = describeEvent({
      protocol: 'contact-id',
      qualifier: 3,
      code: '401',
      partition: '01',
      zone: '003',
    });
    expect(arming).toBe('Mise en service par l’utilisateur 003, secteur 01');
    expect(meaningIn('en', arming)).toBe('Arming by user 003, area 01');
    expect(meaningIn('es', arming)).toBe('Conexión por el usuario 003, sector 01');
    const restored = describeEvent({
      protocol: 'contact-id',
      qualifier: 3,
      code: '131',
      partition: '00',
      zone: '005',
    });
    expect(restored).toBe('Rétablissement intrusion périmétrique zone 005');
    expect(meaningIn('en', restored)).toBe('Restore: Perimeter intrusion zone 005');
    expect(meaningIn('es', `${restored} (mode test : rien n’est déclenché)`)).toBe(
      'Restablecimiento: Intrusión perimetral zona 005 (modo de prueba: no se activa nada)',
    );
    expect(meaningIn('en', 'Code SIA inconnu ZZ zone 3')).toBe('Unknown SIA code ZZ zone 3');
  });

  it('writes refusals in the language, their detail too', () => {
    expect(meaningIn('en', refusedText.noKey)).toBe(
      'Encrypted frame refused: no AES key is registered for this panel',
    );
    expect(meaningIn('en', refusedText.decrypt('contenu déchiffré illisible (clé incorrecte ?)'))).toBe(
      'Frame refused: decrypted content unreadable (wrong key?)',
    );
    expect(meaningIn('es', refusedText.syntax('longueur annoncée 40, reçue 38'))).toBe(
      'Trama rechazada (DUH): longitud anunciada 40, recibida 38',
    );
    expect(meaningIn('en', refusedText.timestamp('late', 75))).toBe(
      'Timestamp 75 s behind the receiver’s time: NAK with the receiver’s time, the panel sets its clock right',
    );
    expect(meaningIn('es', duplicateText('0042'))).toBe(
      'Repetición de la trama 0042 (acuse de recibo perdido): confirmada de nuevo, no se crea nada',
    );
    expect(meaningIn('fr', duplicateText(undefined))).toBe(duplicateText(undefined));
  });
});
