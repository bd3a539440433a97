// What a notification looks like outside the app, in its recipient's language and timezone: the
// e-mail (plain text and HTML), the SMS (160 characters of the GSM alphabet where possible, so that
// it costs one message), and the Web Push message (JSON the service worker shows). French is the
// source: every fixed text here is a catalogue message (locales/*/notifications.json).
import type { PushMessage } from '@vigie/contract/notifications.contract';
import { type Language, translate } from '../../../lib/languages';
import { type MessageValues, notificationText } from '../notification-text';

export interface Deliverable {
  id: string;
  kind: string;
  severity: 'info' | 'warning' | 'critical';
  /** French messages with their arguments (null: an older row, written out in French). */
  title: string;
  titleValues: MessageValues | null;
  body: string;
  bodyValues: MessageValues | null;
  link: string | null;
  createdAt: Date;
  /** The recipient's. */
  name: string;
  language: Language;
  timezone: string;
}

const severityLabels = { critical: 'Critique', warning: 'Avertissement', info: 'Information' } as const;

const intlLocales: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };

const dateTime = (at: Date, language: Language, timezone: string) => {
  const format = (tz: string) =>
    new Intl.DateTimeFormat(intlLocales[language], {
      timeZone: tz,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(at);
  try {
    return `${format(timezone)} (${timezone})`;
  } catch {
    return `${format('Europe/Paris')} (Europe/Paris)`;
  }
};

/** The title and body in the recipient's language. */
const textsOf = (n: Deliverable) => ({
  title: notificationText(n.language, n.title, n.titleValues),
  body: notificationText(n.language, n.body, n.bodyValues),
});

/** The link as an address to open, when the server knows its public URL. */
const absolute = (link: string | null, publicUrl: string | undefined) =>
  link?.startsWith('/') && !link.startsWith('//') && publicUrl
    ? `${publicUrl.replace(/\/$/, '')}${link}`
    : null;

export function emailOf(n: Deliverable, publicUrl: string | undefined) {
  const { language } = n;
  const t = (message: string, values?: MessageValues) => translate(language, message, values);
  const { title, body } = textsOf(n);
  const url = absolute(n.link, publicUrl);
  const subject = t(n.severity === 'critical' ? '[Vigie] URGENT — {title}' : '[Vigie] {title}', {
    title,
  }).replace(/[\r\n]+/g, ' ');
  const footer = t(
    'Vous recevez ce message selon vos préférences de notification (Vigie › Paramètres › Notifications).',
  );
  const severity = t(severityLabels[n.severity]);
  const date = dateTime(n.createdAt, language, n.timezone);
  const open = t('Ouvrir dans Vigie');
  const consult = t('Consultez Vigie pour le détail.');
  const text = [
    t('Bonjour {name},', { name: n.name }),
    '',
    title,
    '',
    body,
    '',
    t('Gravité : {severity}', { severity }),
    t('Date : {date}', { date }),
    '',
    url ? t('Ouvrir dans Vigie : {url}', { url }) : consult,
    '',
    '—',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#111">
<p>${escapeHtml(t('Bonjour {name},', { name: n.name }))}</p>
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
<p style="white-space:pre-line">${escapeHtml(body)}</p>
<p>${strong(t('Gravité : {severity}', { severity: SLOT }), severity)}<br>${escapeHtml(t('Date : {date}', { date }))}</p>
${url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(open)}</a></p>` : `<p>${escapeHtml(consult)}</p>`}
<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text, html };
}

// The severity is in bold inside a translated sentence: the sentence is escaped around a slot.
const SLOT = '\u0000';
const strong = (sentence: string, value: string) =>
  escapeHtml(sentence).replace(SLOT, `<strong>${escapeHtml(value)}</strong>`);

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// The GSM 03.38 basic alphabet: outside it, one character turns the whole SMS into UCS-2 and its
// limit from 160 to 70 characters.
const GSM =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsm = new Set(GSM);
const replacements: Record<string, string> = {
  '’': "'",
  '‘': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  œ: 'oe',
  Œ: 'OE',
  '\u00a0': ' ',
  '\u202f': ' ',
};

/** A text in the GSM alphabet: ê → e, ç → c, « » → "…", unknown characters dropped. */
export function toGsm(text: string) {
  let out = '';
  for (const c of text) {
    if (gsm.has(c)) out += c;
    else if (replacements[c] !== undefined) out += replacements[c];
    else {
      const base = c.normalize('NFD').replace(/\p{M}/gu, '');
      if ([...base].every((b) => gsm.has(b))) out += base;
    }
  }
  return out;
}

export const SMS_MAX = 160;

/** "Vigie URGENT : <title>. <body>" in the recipient's language, cut to 160 characters. */
export function smsOf(n: Deliverable) {
  const { title, body } = textsOf(n);
  const message = n.severity === 'critical' ? 'Vigie URGENT : {title}. {body}' : 'Vigie : {title}. {body}';
  const text = toGsm(translate(n.language, message, { title, body }).replace(/\s+/g, ' ').trim());
  return text.length <= SMS_MAX ? text : `${text.slice(0, SMS_MAX - 3).trimEnd()}...`;
}

/** Push services accept 4 KB; the body is cut well before. */
export function pushOf(n: Deliverable): PushMessage {
  const { title, body } = textsOf(n);
  return {
    id: n.id,
    kind: n.kind,
    severity: n.severity,
    title: title.slice(0, 200),
    body: body.length > 1000 ? `${body.slice(0, 999)}…` : body,
    link: n.link,
  };
}
