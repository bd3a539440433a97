// The main courante report: one table a site (the chosen one, or each site whose register has
// entries in the period), its entries in number order as the register keeps them — time, category,
// author (system entries marked), the whole text, photos as thumbnails — each entry's corrections
// right under it, and after the table the chain check of the site's whole register.

import { logbookCategoryLabels } from '@vigie/contract/logbook.contract';
import type { ReportFormat } from '@vigie/contract/reports.contract';
import type { Tx } from '../../../db/client';
import { type Language, translate } from '../../../lib/languages';
import { readFile } from '../../files/files.service';
import { verifyChain } from '../../logbook/chain.service';
import { dateTimeText, numberText } from '../document/format';
import type { Cell, DocumentNote, PhotosCell, TableSpec } from '../document/types';
import {
  correctionRows,
  type EntryRow,
  entryRows,
  registerName,
  registersOfPeriod,
} from './logbook-tables.repository';
import { asDate, localSpec, type Scope, say, type TableSource } from './source';

/** Thumbnails drawn in one document at most; past them a row says « n photo(s) ». */
export const MAX_THUMBNAILS = 300;
const THUMB_PX = 120;

const SYSTEM_AUTHOR = 'Système (automatique)';

const columns: TableSpec['columns'] = [
  { header: 'N°', kind: 'text', width: 5 },
  { header: 'Date et heure', kind: 'datetime', width: 12 },
  { header: 'Catégorie', kind: 'text', width: 11 },
  { header: 'Auteur', kind: 'text', width: 14 },
  { header: 'Texte', kind: 'text', width: 58, wrap: 'full' },
  { header: 'Photos', kind: 'photos', width: 15 },
];

const photoCount = (s: Scope, n: number) =>
  say(s, '{count, plural, one {{count} photo} other {{count} photos}}', { count: n });

/** Photos of a report: thumbnails while the document's budget lasts (PDF only), else their count. */
function photoReader(s: Scope, format: ReportFormat | undefined) {
  let budget = format === 'pdf' ? MAX_THUMBNAILS : 0;
  return async (tx: Tx, companyId: string, ids: string[]): Promise<Cell> => {
    if (ids.length === 0) return null;
    const text = photoCount(s, ids.length);
    if (budget < ids.length) return text;
    budget -= ids.length;
    const thumbnails: Uint8Array[] = [];
    // sharp (libvips) is loaded with the first photo a report draws, not with the server.
    const { default: sharp } = await import('sharp');
    for (const id of ids) {
      const file = await readFile(tx, companyId, id);
      if (!file) continue;
      try {
        // pdfkit draws JPEG and PNG only; the stored photos are WebP.
        thumbnails.push(
          await sharp(file.data)
            .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: 70 })
            .toBuffer(),
        );
      } catch {
        // An unreadable photo is counted, not drawn.
      }
    }
    return { text, thumbnails } satisfies PhotosCell;
  };
}

function siteTable(
  s: Scope,
  site: { id: string; name: string },
  photos: ReturnType<typeof photoReader>,
): TableSource {
  return {
    spec: {
      ...localSpec(s, { title: '', empty: 'Aucune entrée sur la période.', columns }),
      title: say(s, 'Main courante — {site}', { site: site.name }),
    },
    async page(after) {
      return s.db.withTenant(s.companyId, async (tx) => {
        const entries = await entryRows(tx, s, site.id, after ? Number(after[0]) : null);
        if (entries.length === 0) return { rows: [], last: null };
        const corrections = await correctionRows(
          tx,
          s.companyId,
          entries.map((e) => e.id),
        );
        const rows: Cell[][] = [];
        for (const e of entries) {
          const ids = typeof e.photo_ids === 'string' ? (JSON.parse(e.photo_ids) as string[]) : e.photo_ids;
          const category = say(s, logbookCategoryLabels[e.category] ?? e.category);
          rows.push([
            String(e.number),
            asDate(e.occurred_at),
            category,
            e.source === 'system' ? say(s, SYSTEM_AUTHOR) : e.author_name,
            e.corrects_number === null
              ? e.text
              : say(s, "Correction de l'entrée n° {number} : {text}", {
                  number: String(e.corrects_number),
                  text: e.text,
                }),
            await photos(tx, s.companyId, ids),
          ]);
          // Its corrections under it, as the main courante page shows them (each also has its own row).
          for (const c of corrections.filter((x) => x.corrects_id === e.id)) {
            rows.push([
              '»',
              asDate(c.occurred_at),
              say(s, 'Correction'),
              c.author_name,
              say(s, "Corrigée par l'entrée n° {number} : {text}", {
                number: String(c.number),
                text: c.text,
              }),
              null,
            ]);
          }
        }
        return { rows, last: [(entries.at(-1) as EntryRow).number] };
      });
    },
    async notes() {
      const check = await s.db.withTenant(s.companyId, (tx) => verifyChain(tx, s.companyId, site.id));
      return [integrityNote(check, s.period.timezone, new Date(), s.language)];
    },
  };
}

/** The chain check of the site's whole register, as the document states it. */
export function integrityNote(
  check: { ok: boolean; checked: number; firstBrokenNumber?: number },
  timezone: string,
  at = new Date(),
  language: Language = 'fr',
): DocumentNote {
  const when = dateTimeText(language, at, timezone);
  const t = (text: string, values: Record<string, unknown>) => translate(language, text, values);
  if (check.ok && check.checked === 0)
    return {
      tone: 'ok',
      text: t('Registre vide : aucune entrée à vérifier (contrôle du {when}).', { when }),
    };
  const n = numberText(language, check.checked);
  if (check.ok) {
    return {
      tone: 'ok',
      text: t(
        'Intégrité vérifiée : {n} {count, plural, one {entrée} other {entrées}}, chaîne intacte (registre complet du site, n° 1 à {n}, contrôlé le {when}).',
        { n, count: check.checked, when },
      ),
    };
  }
  return {
    tone: 'alert',
    text: t(
      "Intégrité compromise : la chaîne est rompue à l'entrée n° {number} ({n} entrée(s) vérifiée(s) avant elle, contrôle du {when}). Une entrée a été modifiée ou supprimée en dehors de l'application.",
      { number: String(check.firstBrokenNumber), n, when },
    ),
  };
}

/** The sites of the report: the chosen one, or those whose register has entries in the period. */
async function sitesOf(s: Scope) {
  if (s.siteId) return [{ id: s.siteId, name: (await registerName(s, s.siteId)) ?? say(s, 'Site') }];
  return registersOfPeriod(s);
}

export async function logbookTables(s: Scope): Promise<TableSource[]> {
  const sites = await sitesOf(s);
  if (sites.length === 0) {
    return [
      {
        spec: localSpec(s, {
          title: 'Main courante',
          empty: 'Aucune entrée de main courante sur la période.',
          columns,
        }),
        page: async () => ({ rows: [], last: null }),
      },
    ];
  }
  const photos = photoReader(s, s.format);
  return sites.map((site) => siteTable(s, site, photos));
}
