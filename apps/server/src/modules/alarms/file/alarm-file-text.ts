// The alarm's file as French text (the PDF prints it): each entry's title and lines, the times and
// the durations between them.
import {
  type AlarmFile,
  type AlarmFileEntry,
  alarmFileEntryKindLabels,
  authorityServiceLabels,
  callOutcomeLabels,
  decisionOutcomeLabels,
} from '@vigie/contract/alarm-file.contract';
import { frenchDateTime } from '../../../lib/french-date-time';
import { frenchDuration } from './alarm-file.models';

/** « 21/11/2026 14:05:09 » in the reader's timezone (offsets are whole minutes: seconds are the UTC ones). */
export function frenchDateTimeSeconds(at: string | Date, timezone: string) {
  const d = at instanceof Date ? at : new Date(at);
  return `${frenchDateTime(d, timezone)}:${String(d.getUTCSeconds()).padStart(2, '0')}`;
}

const orDash = (v: string | null | undefined) => (v ? v : '—');

/** An entry's title and its lines. */
export function entryText(e: AlarmFileEntry, tz: string, numberOf: (id: string) => number | undefined) {
  const title = `${alarmFileEntryKindLabels[e.kind]}`;
  const lines: string[] = [];
  const remark = (r: string | null) => {
    if (r) lines.push(`Remarque : ${r}`);
  };
  switch (e.kind) {
    case 'shown':
      lines.push(`Affichée à ${e.actor.name}`);
      break;
    case 'taken':
      lines.push(`Prise en charge par ${e.data.by}`);
      break;
    case 'video_viewed':
      lines.push(`Caméra : ${e.data.cameraName}`);
      if (e.data.from && e.data.to)
        lines.push(
          `Période visionnée : du ${frenchDateTimeSeconds(e.data.from, tz)} au ${frenchDateTimeSeconds(e.data.to, tz)}`,
        );
      if (e.data.recordingId) lines.push(`Enregistrement : ${e.data.recordingId}`);
      remark(e.data.remark);
      break;
    case 'checklist_step':
      lines.push(`${e.data.ticked ? '[x] Fait' : '[ ] Non fait'} : ${e.data.text}`);
      remark(e.data.remark);
      break;
    case 'call':
      lines.push(
        `${e.data.contactName}${e.data.role ? ` (${e.data.role})` : ''} au ${e.data.number}, à ${frenchDateTimeSeconds(e.data.calledAt, tz)}`,
      );
      lines.push(`Résultat : ${callOutcomeLabels[e.data.outcome]}`);
      remark(e.data.remark);
      break;
    case 'decision':
      lines.push(decisionOutcomeLabels[e.data.outcome]);
      lines.push(`Motif : ${e.data.reason}`);
      break;
    case 'authorities':
      lines.push(
        `${authorityServiceLabels[e.data.service]} prévenus à ${frenchDateTimeSeconds(e.data.calledAt, tz)}`,
      );
      lines.push(`Référence : ${orDash(e.data.reference)}`);
      remark(e.data.remark);
      break;
    case 'note':
      lines.push(e.data.text);
      break;
    case 'amendment': {
      const n = e.amendsId ? numberOf(e.amendsId) : undefined;
      lines.push(`Rectifie l'entrée n° ${n ?? '?'} : ${e.data.text}`);
      break;
    }
    case 'intervention':
      lines.push(e.data.summary);
      if (e.data.agentName) lines.push(`Agent : ${e.data.agentName}`);
      for (const s of e.data.steps) lines.push(`${frenchDateTimeSeconds(s.at, tz)} — ${s.label}`);
      if (e.data.report) {
        lines.push(`Rapport de l'agent : ${e.data.report.text}`);
        if (e.data.report.photoFileIds.length > 0)
          lines.push(`${e.data.report.photoFileIds.length} photo(s) jointe(s)`);
      }
      break;
    case 'closed':
      lines.push(e.data.automatic ? 'Clôturée automatiquement par Vigie' : `Clôturée par ${e.actor.name}`);
      if (e.data.note) lines.push(`Note de résolution : ${e.data.note}`);
      break;
  }
  if (e.amendedBy.length > 0)
    lines.push(`Rectifiée par l'entrée n° ${e.amendedBy.map((id) => numberOf(id) ?? '?').join(', ')}`);
  return { title, lines };
}

/** The times Vigie kept, as label/value rows. */
export function timeRows(file: AlarmFile, tz: string): [string, string][] {
  const t = file.times;
  const at = (v: string | null, by?: string | null) =>
    v ? `${frenchDateTimeSeconds(v, tz)}${by ? ` — ${by}` : ''}` : '—';
  return [
    ['Reçue', at(t.receivedAt)],
    ['Première présentation', at(t.firstShownAt)],
    ['Prise en charge', at(t.takenAt, t.takenBy)],
    ['Décision', at(t.decisionAt, t.decisionBy)],
    ['Clôture', at(t.closedAt, t.closedBy)],
  ];
}

export function durationRows(file: AlarmFile): [string, string][] {
  const d = file.durations;
  return [
    ['De la réception à la présentation', frenchDuration(d.receivedToShown)],
    ['De la réception à la prise en charge', frenchDuration(d.receivedToTaken)],
    ['De la prise en charge à la décision', frenchDuration(d.takenToDecision)],
    ['De la décision à la clôture', frenchDuration(d.decisionToClosed)],
    ['Durée totale', frenchDuration(d.receivedToClosed)],
  ];
}
