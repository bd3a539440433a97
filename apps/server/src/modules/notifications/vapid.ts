// The server's Web Push identity (VAPID, RFC 8292): a P-256 key pair whose public half browsers
// subscribe with (applicationServerKey), and a contact (subject) for the push services. From
// VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY — the same on every instance sharing a database — or, when
// unset, from <DATA_DIR>/vapid.json, created on the first start (mode 0600), as the secrets key is
// (plugins/secrets.ts). Changing the keys invalidates every browser's subscription.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  source: 'environment' | 'key file created' | 'key file' | 'in memory';
}

interface VapidConfig {
  dataDir: string;
  publicUrl: string | undefined;
  smtpFrom: string;
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
}

const bytesOf = (key: string) => Buffer.from(key, 'base64url').length;

function checked(pair: { publicKey: string; privateKey: string }, where: string) {
  if (bytesOf(pair.publicKey) !== 65 || bytesOf(pair.privateKey) !== 32) {
    throw new Error(
      `${where}: not a VAPID key pair (base64url P-256 keys, as web-push generate-vapid-keys prints)`,
    );
  }
  return pair;
}

/** The contact the push services may use: VAPID_SUBJECT, else the public https URL, else the sender. */
export function vapidSubject(config: VapidConfig) {
  if (config.vapid.subject) return config.vapid.subject;
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.smtpFrom)?.[1] ?? config.smtpFrom.trim();
  return `mailto:${address.includes('@') ? address : 'alertes@vigie.local'}`;
}

export function loadVapidKeys(config: VapidConfig): VapidKeys {
  const subject = vapidSubject(config);
  const { publicKey, privateKey } = config.vapid;
  if (publicKey && privateKey) {
    return {
      ...checked({ publicKey, privateKey }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY'),
      subject,
      source: 'environment',
    };
  }
  // Tests on an in-memory database: nothing outlives the process, neither may its keys.
  if (config.dataDir.startsWith('memory://'))
    return { ...webpush.generateVAPIDKeys(), subject, source: 'in memory' };
  const file = join(config.dataDir, 'vapid.json');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx`: two instances starting together cannot both create it; the second reads the first's.
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
    return { ...readKeyFile(file), subject, source: 'key file created' };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { ...readKeyFile(file), subject, source: 'key file' };
  }
}

function readKeyFile(file: string) {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(`${file} does not hold a VAPID key pair`);
  }
  return checked({ publicKey: parsed.publicKey, privateKey: parsed.privateKey }, file);
}
