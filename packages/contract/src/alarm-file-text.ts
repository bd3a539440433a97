// An alarm's file entry as text, for the PDF (server) and the details' timeline (web): its title
// and its lines, in the reader's language (the translator passed in; French without one) with the
// reader's date format. Each line is one message with its arguments, so that a language orders its
// words its own way; what people wrote (remarks, notes, names) stays as they wrote it.
import {
  type AlarmFileEntry,
  alarmFileEntryKindLabels,
  authorityServiceLabels,
  callOutcomeLabels,
  decisionOutcomeLabels,
} from './alarm-file.contract';
import { frenchText, msg, type Translate } from './i18n/msg';

export type { Translate } from './i18n/msg';

const orDash = (v: string | null | undefined) => (v ? v : '—');

type VideoData = Extract<AlarmFileEntry, { kind: 'video_viewed' }>['data'];
type InterventionData = Extract<AlarmFileEntry, { kind: 'intervention' }>['data'];

/** A recording's line: what it is (a still, the alarm's clip, a clip) and when it was made. */
function recordingLine(r: NonNullable<VideoData['recording']>, when: (iso: string) => string, t: Translate) {
  const from = when(r.startedAt);
  if (r.kind === 'still') return t('Capture du {from}', { from });
  const alarm = r.trigger === 'alarm';
  if (r.endedAt) {
    const to = when(r.endedAt);
    return alarm
      ? t("Clip de l'alarme du {from} au {to}", { from, to })
      : t('Clip du {from} au {to}', { from, to });
  }
  return alarm ? t("Clip de l'alarme du {from}", { from }) : t('Clip du {from}', { from });
}

function videoLines(d: VideoData, when: (iso: string) => string, t: Translate) {
  const lines = [t('Caméra : {camera}', { camera: d.cameraName })];
  if (d.from && d.to)
    lines.push(t('Période visionnée : du {from} au {to}', { from: when(d.from), to: when(d.to) }));
  if (d.recording) {
    lines.push(recordingLine(d.recording, when, t));
    if (d.recording.sha256) lines.push(t('Empreinte SHA-256 : {sha256}', { sha256: d.recording.sha256 }));
  } else if (d.recordingId) lines.push(t('Enregistrement : {id}', { id: d.recordingId }));
  return lines;
}

/**
 * The intervention's summary is kept in French as the interventions module wrote it
 * (« Intervention acceptée (agent, site) — motif »): read back in the language when it has that form
 * (its step's label and agent are known), else shown as kept.
 */
function interventionSummary(d: InterventionData, t: Translate) {
  const label = d.steps[0]?.label;
  const prefix = label ? `Intervention ${label.toLowerCase()} (${d.agentName}, ` : null;
  if (!label || !prefix || !d.summary.startsWith(prefix)) return d.summary;
  const rest = d.summary.slice(prefix.length);
  const cut = rest.indexOf(') — ');
  const step = t(label).toLowerCase();
  const agent = String(d.agentName);
  if (cut >= 0)
    return t('Intervention {step} ({agent}, {site}) — {reason}', {
      step,
      agent,
      site: rest.slice(0, cut),
      reason: rest.slice(cut + 4),
    });
  if (!rest.endsWith(')')) return d.summary;
  return t('Intervention {step} ({agent}, {site})', { step, agent, site: rest.slice(0, -1) });
}

function interventionLines(d: InterventionData, when: (iso: string) => string, t: Translate) {
  const lines = [interventionSummary(d, t)];
  if (d.agentName) lines.push(t('Agent : {name}', { name: d.agentName }));
  for (const s of d.steps) lines.push(t('{at} — {step}', { at: when(s.at), step: t(s.label) }));
  if (d.report) {
    lines.push(t("Rapport de l'agent : {text}", { text: d.report.text }));
    const count = d.report.photoFileIds.length;
    if (count > 0) lines.push(t('{count} photo(s) jointe(s)', { count }));
  }
  return lines;
}

/** An entry's title and its lines, in the reader's language (`t`; French by default). */
export function entryText(
  e: AlarmFileEntry,
  /** An instant as the reader reads it (their timezone, with seconds). */
  when: (iso: string) => string,
  numberOf: (id: string) => number | undefined,
  t: Translate = frenchText,
) {
  const title = t(alarmFileEntryKindLabels[e.kind]);
  const lines: string[] = [];
  const remark = (r: string | null) => {
    if (r) lines.push(t('Remarque : {remark}', { remark: r }));
  };
  const entryNumber = (id: string) => String(numberOf(id) ?? '?');
  switch (e.kind) {
    case 'shown':
      lines.push(t('Affichée à {name}', { name: e.actor.name }));
      break;
    case 'taken':
      lines.push(t('Prise en charge par {name}', { name: e.data.by }));
      break;
    case 'video_viewed':
      lines.push(...videoLines(e.data, when, t));
      remark(e.data.remark);
      break;
    case 'checklist_step':
      lines.push(
        e.data.ticked
          ? t('[x] Fait : {text}', { text: e.data.text })
          : t('[ ] Non fait : {text}', { text: e.data.text }),
      );
      remark(e.data.remark);
      break;
    case 'call': {
      const call = { name: e.data.contactName, number: e.data.number, at: when(e.data.calledAt) };
      lines.push(
        e.data.role
          ? t('{name} ({role}) au {number}, à {at}', { ...call, role: e.data.role })
          : t('{name} au {number}, à {at}', call),
      );
      lines.push(t('Résultat : {outcome}', { outcome: t(callOutcomeLabels[e.data.outcome]) }));
      remark(e.data.remark);
      break;
    }
    case 'decision':
      lines.push(t(decisionOutcomeLabels[e.data.outcome]));
      lines.push(t('Motif : {reason}', { reason: e.data.reason }));
      break;
    case 'authorities':
      lines.push(
        t('{service} prévenus à {at}', {
          service: t(authorityServiceLabels[e.data.service]),
          at: when(e.data.calledAt),
        }),
      );
      lines.push(t('Référence : {reference}', { reference: orDash(e.data.reference) }));
      remark(e.data.remark);
      break;
    case 'note':
      lines.push(e.data.text);
      break;
    case 'amendment':
      lines.push(
        t("Rectifie l'entrée n° {number} : {text}", {
          number: e.amendsId ? entryNumber(e.amendsId) : '?',
          text: e.data.text,
        }),
      );
      break;
    case 'intervention':
      lines.push(...interventionLines(e.data, when, t));
      break;
    case 'closed':
      lines.push(
        e.data.automatic
          ? t('Clôturée automatiquement par Vigie')
          : t('Clôturée par {name}', { name: e.actor.name }),
      );
      if (e.data.note) lines.push(t('Note de résolution : {note}', { note: e.data.note }));
      break;
    case 'signature':
      lines.push(t('Dossier signé par {name} le {at}', { name: e.actor.name, at: when(e.at) }));
      lines.push(t('Empreinte SHA-256 de la signature : {sha256}', { sha256: e.data.sha256 }));
      break;
  }
  if (e.amendedBy.length > 0)
    lines.push(
      t("Rectifiée par l'entrée n° {numbers}", { numbers: e.amendedBy.map(entryNumber).join(', ') }),
    );
  return { title, lines };
}

/** The duration messages, marked for the catalogue: the units are the reader's (« j » is « d »). */
const durationMessages = {
  seconds: msg('{seconds} s'),
  minutes: msg('{minutes} min {seconds} s'),
  hours: msg('{hours} h {minutes} min'),
  days: msg('{days} j {hours} h'),
};

/** A duration as read in the reader's language: « 2 min 05 s », « 1 h 03 min », « 12 s », « 3 j 4 h ». */
export function fileDuration(s: number | null, t: Translate = frenchText): string {
  if (s === null) return '—';
  const two = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return t(durationMessages.seconds, { seconds: String(s) });
  const m = Math.floor(s / 60);
  if (m < 60) return t(durationMessages.minutes, { minutes: String(m), seconds: two(s % 60) });
  const h = Math.floor(m / 60);
  if (h < 48) return t(durationMessages.hours, { hours: String(h), minutes: two(m % 60) });
  return t(durationMessages.days, { days: String(Math.floor(h / 24)), hours: String(h % 24) });
}

/** The duration in French (kept for callers without a reader's language). */
export const frenchDuration = (s: number | null) => fileDuration(s);
