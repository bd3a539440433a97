// What a notification looks like outside the app, in French: the e-mail (plain text and HTML), the
// SMS (160 characters of the GSM alphabet where possible, so that it costs one message), and the
// Web Push message (JSON the service worker shows).
import type { PushMessage } from '@vigie/contract/notifications.contract';

export interface Deliverable {
  id: string;
  kind: string;
  severity: 'info' | 'warning' | 'critical';
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  /** The recipient's. */
  name: string;
  timezone: string;
}

const severityLabels = { critical: 'Critique', warning: 'Avertissement', info: 'Information' } as const;

const dateTime = (at: Date, timezone: string) => {
  const format = (tz: string) =>
    new Intl.DateTimeFormat('fr-FR', { timeZone: tz, dateStyle: 'short', timeStyle: 'short' }).format(at);
  try {
    return `${format(timezone)} (${timezone})`;
  } catch {
    return `${format('Europe/Paris')} (Europe/Paris)`;
  }
};

/** The link as an address to open, when the server knows its public URL. */
const absolute = (link: string | null, publicUrl: string | undefined) =>
  link?.startsWith('/') && !link.startsWith('//') && publicUrl
    ? `${publicUrl.replace(/\/$/, '')}${link}`
    : null;

export function emailOf(n: Deliverable, publicUrl: string | undefined) {
  const url = absolute(n.link, publicUrl);
  const subject = `[Vigie] ${n.severity === 'critical' ? 'URGENT — ' : ''}${n.title}`.replace(
    /[\r\n]+/g,
    ' ',
  );
  const footer =
    'Vous recevez ce message selon vos préférences de notification (Vigie › Paramètres › Notifications).';
  const text = [
    `Bonjour ${n.name},`,
    '',
    n.title,
    '',
    n.body,
    '',
    `Gravité : ${severityLabels[n.severity]}`,
    `Date : ${dateTime(n.createdAt, n.timezone)}`,
    '',
    url ? `Ouvrir dans Vigie : ${url}` : 'Consultez Vigie pour le détail.',
    '',
    '—',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#111">
<p>Bonjour ${escapeHtml(n.name)},</p>
<h1 style="font-size:18px">${escapeHtml(n.title)}</h1>
<p style="white-space:pre-line">${escapeHtml(n.body)}</p>
<p>Gravité : <strong>${severityLabels[n.severity]}</strong><br>Date : ${escapeHtml(dateTime(n.createdAt, n.timezone))}</p>
${url ? `<p><a href="${escapeHtml(url)}">Ouvrir dans Vigie</a></p>` : '<p>Consultez Vigie pour le détail.</p>'}
<p style="color:#666;font-size:12px">${footer}</p>
</body></html>`;
  return { subject, text, html };
}

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

/** French text in the GSM alphabet: ê → e, ç → c, « » → "…", unknown characters dropped. */
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

/** "Vigie CRITIQUE: <title>. <body>" cut to 160 characters. */
export function smsOf(n: Deliverable) {
  const head = n.severity === 'critical' ? 'Vigie URGENT' : 'Vigie';
  const text = toGsm(`${head} : ${n.title}. ${n.body}`.replace(/\s+/g, ' ').trim());
  return text.length <= SMS_MAX ? text : `${text.slice(0, SMS_MAX - 3).trimEnd()}...`;
}

/** Push services accept 4 KB; the body is cut well before. */
export function pushOf(n: Deliverable): PushMessage {
  return {
    id: n.id,
    kind: n.kind,
    severity: n.severity,
    title: n.title.slice(0, 200),
    body: n.body.length > 1000 ? `${n.body.slice(0, 999)}…` : n.body,
    link: n.link,
  };
}
