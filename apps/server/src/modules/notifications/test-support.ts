// Real receivers for the delivery tests: an SMTP server (smtp-server) that keeps what arrives, decoded
// just enough to read it, and an HTTP server that plays an SMS gateway or a push service; a browser that reads push messages.
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../db/client';
import { jobsSummary, jobWorkerOf } from '../../db/jobs';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const qp = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

const decodeWords = (header: string) =>
  header
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );

const headerOf = (head: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)?.[1] ?? '';

function decodePart(part: string) {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = headerOf(head, 'Content-Transfer-Encoding').trim().toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? qp(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { type: headerOf(head, 'Content-Type').toLowerCase(), text };
}

/** Subject, text and HTML of a message as nodemailer writes it (multipart/alternative or single). */
export function parseMail(raw: string, to: string[]): Mail {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const subject = decodeWords(headerOf(head, 'Subject')).trim();
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headerOf(head, 'Content-Type'))?.[1];
  const parts = boundary
    ? raw
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => decodePart(p.replace(/^\r?\n/, '')))
    : [decodePart(raw)];
  const find = (type: string) => parts.find((p) => p.type.startsWith(type))?.text.trim() ?? '';
  return { to, subject, text: find('text/plain'), html: find('text/html') };
}

export interface SmtpInbox {
  url: string;
  mails: Mail[];
  /** How many messages were refused so far. */
  refused(): number;
  /** The next `n` messages are refused with this SMTP code (451: try later; 550: never). */
  refuseNext(n: number, code: number): void;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpInbox> {
  const mails: Mail[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 451 };
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      stream.on('end', () => {
        if (refusals.left > 0) {
          refusals = { ...refusals, left: refusals.left - 1 };
          refused += 1;
          done(
            Object.assign(new Error('Service momentanément indisponible'), { responseCode: refusals.code }),
          );
          return;
        }
        mails.push(
          parseMail(
            raw,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refused: () => refused,
    refuseNext(n, code) {
      refusals = { left: n, code };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpReceiver {
  url: string;
  requests: Received[];
  /** Status answered from now on. */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startHttpReceiver(): Promise<HttpReceiver> {
  const requests: Received[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(s) {
      status = s;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Runs the app's worker until nothing waits or runs (retries included), within `timeoutMs`. */
export async function drainJobs(db: Database, timeoutMs = 15_000) {
  const worker = jobWorkerOf(db);
  if (!worker) throw new Error('no job worker on this database');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await worker.runOnce();
    const busy = (await jobsSummary(db)).filter((s) => s.status !== 'failed');
    if (busy.length === 0) return;
    await sleep(15);
  }
  throw new Error(`jobs still waiting: ${JSON.stringify(await jobsSummary(db))}`);
}

/** A browser: its P-256 key pair and auth secret. */
export function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** RFC 8291 §3.4 and RFC 8188: what the browser does with a push message's body. */
export function decrypt(body: Buffer, ua: ECDH, authSecret: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}
