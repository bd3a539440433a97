// The three ways out: SMTP (nodemailer), an HTTP SMS gateway, and Web Push (web-push encrypts and
// signs; we send the request ourselves, with a timeout). Each says whether a failure is worth a
// retry: a refusal that waiting cannot cure is a FinalJobError, given up at once.
import nodemailer from 'nodemailer';
import webpush from 'web-push';
import { FinalJobError } from '../../../db/jobs';
import { type OutboundPolicy, OutboundRefusedError, outboundRequest } from '../../../lib/outbound-address';
import type { VapidKeys } from '../vapid';

const TIMEOUT_MS = 15_000;

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface EmailSender {
  send(
    to: string,
    message: { subject: string; text: string; html?: string; attachments?: EmailAttachment[] },
  ): Promise<void>;
  close(): void;
}

/** The app's one SMTP sender (notifications, scheduled reports). Null without SMTP_URL. */
export function emailSender(smtpUrl: string | undefined, from: string): EmailSender | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(to, message) {
      try {
        await transport.sendMail({ from, to, ...message });
      } catch (err) {
        // 5xx: the server refuses this message for good (unknown mailbox, policy).
        const code = (err as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500)
          throw new FinalJobError(`SMTP ${code}: ${(err as Error).message}`);
        throw err;
      }
    },
    close: () => transport.close(),
  };
}

/** A 4xx other than a timeout or throttling will not get better by waiting. */
const isFinal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

export async function sendSms(gateway: { url: string; token: string | undefined }, to: string, text: string) {
  const res = await fetch(gateway.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(gateway.token ? { authorization: `Bearer ${gateway.token}` } : {}),
    },
    body: JSON.stringify({ to, text, sender: 'Vigie' }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.ok) return;
  const message = `SMS gateway answered ${res.status}`;
  throw isFinal(res.status) ? new FinalJobError(message) : new Error(message);
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID) for the browser, then POSTs to its push service.
 * 'gone' when the service says the subscription no longer exists (404, 410): the caller drops it.
 */
export async function sendPush(
  policy: OutboundPolicy,
  vapid: VapidKeys,
  target: PushTarget,
  payload: string,
  opts: { ttlSeconds: number; urgency: 'high' | 'normal' | 'low' },
): Promise<'sent' | 'gone'> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: opts.ttlSeconds,
      urgency: opts.urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = String(v);
  const body = request.body ? new Uint8Array(request.body) : null;
  headers['content-length'] = String(body?.byteLength ?? 0);
  // The endpoint comes from a user's browser: it goes through the outbound policy like any address
  // the server connects to on a tenant's behalf (lib/outbound-address.ts); no redirect is followed.
  let status: number;
  try {
    const res = await outboundRequest(policy, new URL(request.endpoint), {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = res.statusCode ?? 0;
    res.resume();
  } catch (err) {
    // An internal or unknown host will not become a push service by waiting.
    if (err instanceof OutboundRefusedError && err.check.reason !== 'unresolved')
      throw new FinalJobError(`push endpoint refused: ${err.message}`);
    throw err;
  }
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  const message = `push service answered ${status}`;
  throw isFinal(status) ? new FinalJobError(message) : new Error(message);
}
