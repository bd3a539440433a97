// An alarm's file entry as French text, for the PDF (server) and the details' timeline (web): its
// title and its lines, the reader's date format passed in.
import {
  type AlarmFileEntry,
  alarmFileEntryKindLabels,
  authorityServiceLabels,
  callOutcomeLabels,
  decisionOutcomeLabels,
} from './alarm-file.contract';

const orDash = (v: string | null | undefined) => (v ? v : '—');

/** An entry's title and its lines. */
export function entryText(
  e: AlarmFileEntry,
  /** An instant as the reader reads it (their timezone, with seconds). */
  when: (iso: string) => string,
  numberOf: (id: string) => number | undefined,
) {
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
        lines.push(`Période visionnée : du ${when(e.data.from)} au ${when(e.data.to)}`);
      if (e.data.recording) {
        const r = e.data.recording;
        const what = r.kind === 'still' ? 'Capture' : r.trigger === 'alarm' ? "Clip de l'alarme" : 'Clip';
        lines.push(
          r.kind === 'clip' && r.endedAt
            ? `${what} du ${when(r.startedAt)} au ${when(r.endedAt)}`
            : `${what} du ${when(r.startedAt)}`,
        );
        if (r.sha256) lines.push(`Empreinte SHA-256 : ${r.sha256}`);
      } else if (e.data.recordingId) lines.push(`Enregistrement : ${e.data.recordingId}`);
      remark(e.data.remark);
      break;
    case 'checklist_step':
      lines.push(`${e.data.ticked ? '[x] Fait' : '[ ] Non fait'} : ${e.data.text}`);
      remark(e.data.remark);
      break;
    case 'call':
      lines.push(
        `${e.data.contactName}${e.data.role ? ` (${e.data.role})` : ''} au ${e.data.number}, à ${when(e.data.calledAt)}`,
      );
      lines.push(`Résultat : ${callOutcomeLabels[e.data.outcome]}`);
      remark(e.data.remark);
      break;
    case 'decision':
      lines.push(decisionOutcomeLabels[e.data.outcome]);
      lines.push(`Motif : ${e.data.reason}`);
      break;
    case 'authorities':
      lines.push(`${authorityServiceLabels[e.data.service]} prévenus à ${when(e.data.calledAt)}`);
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
      for (const s of e.data.steps) lines.push(`${when(s.at)} — ${s.label}`);
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
    case 'signature':
      lines.push(`Dossier signé par ${e.actor.name} le ${when(e.at)}`);
      lines.push(`Empreinte SHA-256 de la signature : ${e.data.sha256}`);
      break;
  }
  if (e.amendedBy.length > 0)
    lines.push(`Rectifiée par l'entrée n° ${e.amendedBy.map((id) => numberOf(id) ?? '?').join(', ')}`);
  return { title, lines };
}

/** A duration as read in French: « 2 min 05 s », « 1 h 03 min », « 12 s ». */
export function frenchDuration(s: number | null): string {
  if (s === null) return '—';
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} j ${h % 24} h`;
}
