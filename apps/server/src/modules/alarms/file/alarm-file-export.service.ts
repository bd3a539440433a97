// The alarm's file as a signed PDF: the file read and checked in one transaction, laid out in a
// worker thread (plugins/document-worker.ts) like the security reports; and the public
// verification of a printed file by its fingerprint.
import { alarmFileEntryKindLabels } from '@vigie/contract/alarm-file.contract';
import { entryText } from '@vigie/contract/alarm-file-text';
import {
  alarmSeverityLabels,
  alarmSourceLabels,
  alarmStatusLabels,
  alarmTypeLabels,
} from '@vigie/contract/alarms.contract';
import type { Database } from '../../../db/client';
import type { AuthContext } from '../../../plugins/auth';
import { buildInWorker } from '../../../plugins/document-worker';
import { companyIdentity } from '../../settings/identity.service';
import { getAlarm } from '../alarms.service';
import { alarmFileErrors as errors } from './alarm-file.errors';
import * as repo from './alarm-file.repository';
import { getSignature, readFile } from './alarm-file.service';
import type { AlarmFilePdfInput } from './alarm-file-pdf';
import { durationRows, frenchDateTimeSeconds, timeRows } from './alarm-file-text';

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

export async function exportFilePdf(db: Database, auth: AuthContext, alarmId: string, baseUrl: string) {
  const file = await readFile(db, auth, alarmId);
  const alarm = await getAlarm(db, auth, alarmId);
  const identity = await db.withTenant(auth.companyId, (tx) => companyIdentity(tx, auth.companyId));
  const tz = auth.user.timezone;
  const numbers = new Map(file.entries.map((e) => [e.id, e.number]));
  const signed = file.entries.find((e) => e.kind === 'signature');
  const signatureImage = signed ? await getSignature(db, auth, alarmId) : null;
  const input: AlarmFilePdfInput = {
    company: {
      name: identity.legalName,
      address: identity.address,
      siret: identity.siret,
      cnapsAuthorisation: identity.cnapsAuthorisation,
    },
    alarm: {
      title: alarm.title,
      rows: [
        ['Alarme', alarm.title],
        [
          'Type',
          `${alarmTypeLabels[alarm.type]} — ${file.response === 'active' ? 'active (sans levée de doute)' : 'passive (levée de doute)'}`,
        ],
        ['Gravité', alarmSeverityLabels[alarm.severity]],
        ['Statut', alarmStatusLabels[alarm.status]],
        ['Site', alarm.siteName],
        ['Emplacement', alarm.location],
        [
          'Origine',
          `${alarmSourceLabels[alarm.source]}${alarm.triggeredBy ? ` — ${alarm.triggeredBy}` : ''}`,
        ],
        ['Description', alarm.description],
        ['Déclenchée le', frenchDateTimeSeconds(alarm.timestamp, tz)],
      ],
    },
    fingerprint: file.fingerprint,
    verificationUrl: file.fingerprint ? `${baseUrl}${verificationPath(file.fingerprint)}` : null,
    chainOk: file.chain.ok,
    chainText: file.chain.ok
      ? `Chaîne intègre : ${file.chain.checked} entrée(s) vérifiée(s), aucune modifiée ni retirée.`
      : `Chaîne rompue à l'entrée n° ${file.chain.firstBrokenNumber} : le dossier a été altéré.`,
    times: timeRows(file, tz),
    durations: durationRows(file),
    entries: file.entries.map((e) => {
      const { title, lines } = entryText(
        e,
        (iso) => frenchDateTimeSeconds(iso, tz),
        (id) => numbers.get(id),
      );
      return {
        number: e.number,
        at: frenchDateTimeSeconds(e.at, tz),
        actor: e.actor.name,
        title: title || alarmFileEntryKindLabels[e.kind],
        lines,
        hash: e.hash,
      };
    }),
    signature:
      signed && signatureImage
        ? {
            png: new Uint8Array(signatureImage.data),
            signer: signed.actor.name,
            at: frenchDateTimeSeconds(signed.at, tz),
            number: signed.number,
          }
        : null,
    generatedAt: frenchDateTimeSeconds(new Date(), tz),
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
