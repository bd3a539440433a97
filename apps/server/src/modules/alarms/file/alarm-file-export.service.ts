// The alarm's file as a signed PDF: the file read and checked in one transaction, laid out in a
// worker thread (plugins/document-worker.ts) like the security reports; and the public
// verification of a printed file by its fingerprint.
import { type AlarmFile, alarmFileEntryKindLabels } from '@vigie/contract/alarm-file.contract';
import { entryText } from '@vigie/contract/alarm-file-text';
import {
  alarmSeverityLabels,
  alarmSourceLabels,
  alarmStatusLabels,
  alarmTypeLabels,
} from '@vigie/contract/alarms.contract';
import type { Translate } from '@vigie/contract/i18n/msg';
import type { Database } from '../../../db/client';
import type { Language } from '../../../lib/languages';
import type { AuthContext } from '../../../plugins/auth';
import { buildInWorker } from '../../../plugins/document-worker';
import { companyIdentity } from '../../settings/identity.service';
import { getAlarm } from '../alarms.service';
import { alarmFileErrors as errors } from './alarm-file.errors';
import * as repo from './alarm-file.repository';
import { getSignature, readFile } from './alarm-file.service';
import type { AlarmFilePdfInput } from './alarm-file-pdf';
import { dateTimeSeconds, durationRows, timeRows, translatorOf } from './alarm-file-text';

/** The public web page a printed file's QR code opens (it calls verifyAlarmFile). */
export const verificationPath = (fingerprint: string) => `/verification/dossier/${fingerprint}`;

/** A file name without characters a browser or a disk refuses. */
const fileNameOf = (title: string, at: string) =>
  `dossier-alarme-${at.slice(0, 10)}-${
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40)
      .toLowerCase() || 'alarme'
  }.pdf`;

/** The alarm's rows: what it is and what raised it, its labels in the document's language. */
function alarmRows(
  alarm: Awaited<ReturnType<typeof getAlarm>>,
  file: AlarmFile,
  when: (at: string) => string,
  t: Translate,
): [string, string][] {
  const type = t(alarmTypeLabels[alarm.type]);
  return [
    [t('Alarme'), alarm.title],
    [
      t('Type'),
      file.response === 'active'
        ? t('{type} — active (sans levée de doute)', { type })
        : t('{type} — passive (levée de doute)', { type }),
    ],
    [t('Gravité'), t(alarmSeverityLabels[alarm.severity])],
    [t('Statut'), t(alarmStatusLabels[alarm.status])],
    [t('Site'), alarm.siteName],
    [t('Emplacement'), alarm.location],
    [
      t('Origine'),
      `${t(alarmSourceLabels[alarm.source])}${alarm.triggeredBy ? ` — ${alarm.triggeredBy}` : ''}`,
    ],
    [t('Description'), alarm.description],
    [t('Déclenchée le'), when(alarm.timestamp)],
  ];
}

export async function exportFilePdf(
  db: Database,
  auth: AuthContext,
  alarmId: string,
  baseUrl: string,
  /** The requester's language: the document's. */
  language: Language = 'fr',
) {
  const file = await readFile(db, auth, alarmId);
  const alarm = await getAlarm(db, auth, alarmId);
  const identity = await db.withTenant(auth.companyId, (tx) => companyIdentity(tx, auth.companyId));
  const tz = auth.user.timezone;
  const t = translatorOf(language);
  const when = (at: string | Date) => dateTimeSeconds(language, at, tz);
  const numbers = new Map(file.entries.map((e) => [e.id, e.number]));
  const signed = file.entries.find((e) => e.kind === 'signature');
  const signatureImage = signed ? await getSignature(db, auth, alarmId) : null;
  const input: AlarmFilePdfInput = {
    language,
    company: {
      name: identity.legalName,
      address: identity.address,
      siret: identity.siret,
      cnapsAuthorisation: identity.cnapsAuthorisation,
    },
    alarm: { title: alarm.title, rows: alarmRows(alarm, file, when, t) },
    fingerprint: file.fingerprint,
    verificationUrl: file.fingerprint ? `${baseUrl}${verificationPath(file.fingerprint)}` : null,
    chainOk: file.chain.ok,
    chainText: file.chain.ok
      ? t('Chaîne intègre : {count} entrée(s) vérifiée(s), aucune modifiée ni retirée.', {
          count: file.chain.checked,
        })
      : t("Chaîne rompue à l'entrée n° {number} : le dossier a été altéré.", {
          number: String(file.chain.firstBrokenNumber),
        }),
    times: timeRows(file, when, t),
    durations: durationRows(file, t),
    entries: file.entries.map((e) => {
      const { title, lines } = entryText(e, when, (id) => numbers.get(id), t);
      return {
        number: e.number,
        at: when(e.at),
        actor: e.actor.name,
        title: title || t(alarmFileEntryKindLabels[e.kind]),
        lines,
        hash: e.hash,
      };
    }),
    signature:
      signed && signatureImage
        ? {
            png: new Uint8Array(signatureImage.data),
            signer: signed.actor.name,
            at: when(signed.at),
            number: signed.number,
          }
        : null,
    generatedAt: when(new Date()),
    generatedBy: auth.user.name,
    timezone: tz,
  };
  const data = await buildInWorker(
    new URL('./alarm-file-pdf.ts', import.meta.url).href,
    'buildAlarmFilePdf',
    input,
    'Alarm file PDF',
  );
  return { data, fileName: fileNameOf(alarm.title, alarm.timestamp) };
}

const isoOrNull = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function verify(db: Database, fingerprint: string) {
  const found = await repo.verifyFingerprint(db, fingerprint);
  if (!found) throw errors.verificationNotFound();
  return {
    exists: true as const,
    companyName: found.company_name,
    siteName: found.site_name,
    alarmTitle: found.alarm_title,
    triggeredAt: new Date(found.triggered_at).toISOString(),
    resolvedAt: isoOrNull(found.resolved_at),
    number: Number(found.number),
    at: new Date(found.at).toISOString(),
    entries: Number(found.entries ?? found.number),
    signedAt: isoOrNull(found.signed_at),
  };
}
