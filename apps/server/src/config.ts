import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalCidr } from '@vigie/contract/settings.contract';
import { z } from 'zod';
import { parseAllowedNetworks } from './lib/outbound-address';

// Configuration comes from environment variables only (listed in .env.example and the README).
/** A TCP/UDP port (0 = any free one, for tests) or "off". */
const portOrOff = z
  .string()
  .trim()
  .regex(/^(off|\d{1,5})$/, { error: 'port number or "off"' })
  .transform((v) => (v === 'off' ? ('off' as const) : Number(v)))
  .refine((v) => v === 'off' || v <= 65535, { error: 'port number or "off"' });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATABASE_APP_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  // The PostgreSQL pool (bench/README.md "Issue 30", docs/decisions/0025): connections at most, how
  // long a request waits for one before a 503, and how many requests may wait at once (past that a
  // 503 at once with Retry-After; 0: no bound).
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().max(1000).default(20),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  DATABASE_POOL_MAX_WAITING: z.coerce.number().int().min(0).default(500),
  // The alarm receiver (SIA DC-09 over TCP and UDP, docs/alarm-receiving.md): its port, or "off".
  // An instance that cannot bind it says so in its log and in system health and serves the rest.
  ALARM_RECEIVER_PORT: portOrOff.default(12000),
  // The Sur-Gard automation input of existing hardware receivers (TCP): off unless set.
  SURGARD_PORT: portOrOff.default('off' as const),
  // The receiver's address as installers type it in a panel (the screen's guide); unset: the host
  // name the administrator's browser used.
  ALARM_RECEIVER_PUBLIC_HOST: z.string().max(253).optional(),
  // The line prefix (DC-09 `L`, hexadecimal) of the one company whose panels the Sur-Gard input's
  // accounts belong to, as its panels screen shows it; unset: Sur-Gard events match no panel.
  SURGARD_LINE_PREFIX: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{1,6}$/, { error: 'hexadecimal line prefix (1 to 6 characters)' })
    .optional(),
  // The panels' line supervision pass (a silent panel raises « Perte de liaison »); 0 disables it.
  PANEL_SUPERVISION_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  // Panels' TCP connections from one address (a mobile operator's NAT, a test bench): more are
  // closed at once (docs/alarm-receiving.md, Limits).
  ALARM_RECEIVER_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  // Directory of the built web app; empty to serve the API only.
  WEB_DIST: z.string().optional(),
  // The control room's detailed map: a PMTiles archive (street level) supplied by the operator, served
  // by GET /api/map/tiles.pmtiles; unset: only the low-zoom basemap shipped with the app.
  MAP_TILES_FILE: z.string().optional(),
  // Camera health monitor: interval between rounds (0 disables it) and sockets open at once.
  CAMERA_PROBE_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  CAMERA_PROBE_CONCURRENCY: z.coerce.number().int().min(1).max(5000).default(500),
  // Internal networks the server may connect to for cameras and other tenant-given addresses
  // (CIDRs, comma separated, IPv4 and IPv6): loopback, private, link-local… are refused otherwise.
  CAMERA_ALLOWED_NETWORKS: z.string().default(''),
  // Camera snapshots the server fetches per company and second (bursts up to twice as many).
  CAMERA_SNAPSHOTS_PER_SECOND: z.coerce.number().positive().max(10_000).default(25),
  // Live video (docs/video.md): ffmpeg's path; the camera streams one instance keeps open at once;
  // how long a stream stays open after its last viewer leaves.
  FFMPEG_PATH: z.string().default('ffmpeg'),
  VIDEO_MAX_STREAMS: z.coerce.number().int().min(1).max(10_000).default(64),
  VIDEO_LINGER_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  // Length of the clip an alarm records of its site's cameras (seconds).
  VIDEO_ALARM_CLIP_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // Active high/critical alarms not acknowledged within this delay are escalated (checked every interval; 0 disables).
  ALARM_ESCALATION_MINUTES: z.coerce.number().positive().default(5),
  ALARM_ESCALATION_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  // How often pending deltas of the kept counts are folded into them (docs/decisions/0020); 0: never.
  KEPT_COUNTS_FOLD_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  // Planning watch: shifts not started 15 min after their start, or still running 30 min after
  // their end, raise an alarm; checked every interval (0 disables).
  ATTENDANCE_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  // Lone-worker protection: a check-in not answered this long after its due time raises the alert
  // (checked every 15 s, or ATTENDANCE_CHECK_INTERVAL_MS if shorter; 0 there disables the pass).
  LONE_WORKER_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  // Daily jobs (licence alerts, retention of agent positions): interval between passes (0 disables).
  DAILY_JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(86_400_000),
  // Outgoing e-mail (escalations): smtp://user:pass@host:port or smtps://…; unset = no e-mail.
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Vigie <alertes@vigie.local>'),
  // SMS of notifications: an HTTP gateway that takes POST {"to","text","sender"} as JSON (2xx = sent),
  // with an optional bearer token; unset = no SMS.
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  // Web Push keys (VAPID), the same on every instance of a database (`npx web-push
  // generate-vapid-keys`); unset: <DATA_DIR>/vapid.json, created on the first start. The subject is a
  // mailto: or https: contact for the push services.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  // Background work queue: interval of its catch-up pass (0: only the kick after each enqueue), and
  // the delay before a failed job's first retry (doubled at each attempt).
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  // Comment line sent on every real-time stream so that proxies keep it open.
  SSE_HEARTBEAT_MS: z.coerce.number().int().positive().default(15_000),
  // Long-lived connections (event stream, push-to-talk) re-check their session this often at most
  // (they are also closed at once on logout, deletion or a change of role); 60 s at the longest.
  LIVE_SESSION_RECHECK_MS: z.coerce.number().int().min(10).max(60_000).default(60_000),
  // Answers of list endpoints kept in memory until the company's data changes (0 disables), and
  // the memory they may take.
  READ_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  READ_CACHE_MAX_MB: z.coerce.number().positive().default(64),
  // Key sealing stored credentials (camera stream passwords): 32+ random characters, the same on
  // every instance of a database (`openssl rand -base64 32`). Unset: <DATA_DIR>/secrets.key.
  SECRETS_KEY: z.string().optional(),
  // Speech-to-text for radio recordings: an OpenAI-compatible server (whisper.cpp's server,
  // faster-whisper servers) answering POST <url>/v1/audio/transcriptions; unset = no transcription.
  TRANSCRIBE_URL: z.string().url().optional(),
  TRANSCRIBE_MODEL: z.string().default('whisper-1'),
  TRANSCRIBE_API_KEY: z.string().optional(),
  // Backups (DATA_DIR/backups, Paramètres · Système): on PostgreSQL, run pg_dump on the companies'
  // schedule too (1; the role of DATABASE_URL must bypass row-level security); how often the backup
  // job checks whether one is due (ms; 0 disables it).
  BACKUP_PG_DUMP: z.enum(['0', '1']).default('0'),
  BACKUP_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  // The vendor's phone numbers shown on the landing page and as the support line (« Pays=numéro »
  // pairs separated by « ; », the first one is the support line); unset: no number is shown.
  CONTACT_PHONES: z.string().max(1000).optional(),
  // The reverse proxies whose X-Forwarded-For is believed: their addresses or CIDR ranges
  // (comma-separated), or how many proxies stand in front; unset or false: none (see parseTrustProxy).
  TRUST_PROXY: z.string().optional(),
  // Registrations of a company accepted per client address (an IPv6 /64) and hour.
  REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Sign-in: an account is locked for LOGIN_LOCK_MINUTES after this many failures within that many
  // minutes, whatever the addresses (a successful sign-in clears its count).
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
});

export type Config = {
  port: number;
  alarmReceiverPort: number | 'off';
  surgardPort: number | 'off';
  alarmReceiverPublicHost: string | undefined;
  /** Upper case, leading zeros removed ('0' stays '0'); undefined when unset. */
  surgardLinePrefix: string | undefined;
  panelSupervisionIntervalMs: number;
  alarmReceiverConnectionsPerAddress: number;
  host: string;
  databaseUrl: string | undefined;
  /** The application's own login (vigie_app); unset: DATABASE_URL with the user vigie_app. */
  appDatabaseUrl: string | undefined;
  dataDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  publicUrl: string | undefined;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  databasePoolSize: number;
  databasePoolWaitMs: number;
  databasePoolMaxWaiting: number;
  webDist: string | undefined;
  /** Fastify's trustProxy: false (no proxy), a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  registerLimitPerHour: number;
  loginMaxFailuresPerAccount: number;
  loginLockMinutes: number;
  cameraProbeIntervalMs: number;
  cameraProbeConcurrency: number;
  /** Canonical CIDRs opened to outbound connections on a tenant's behalf (lib/outbound-address.ts). */
  cameraAllowedNetworks: string[];
  cameraSnapshotsPerSecond: number;
  ffmpegPath: string;
  videoMaxStreams: number;
  videoLingerMs: number;
  videoAlarmClipSeconds: number;
  alarmEscalationMinutes: number;
  alarmEscalationIntervalMs: number;
  keptCountsFoldIntervalMs: number;
  attendanceCheckIntervalMs: number;
  loneWorkerGraceMs: number;
  dailyJobsIntervalMs: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  sms: { url: string; token: string | undefined } | null;
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
  jobsPollIntervalMs: number;
  jobsRetryBaseMs: number;
  sseHeartbeatMs: number;
  liveSessionRecheckMs: number;
  readCacheTtlMs: number;
  readCacheMaxBytes: number;
  secretsKey: string | undefined;
  transcribe: { url: string; model: string; apiKey: string | undefined } | null;
  backupPgDump: boolean;
  backupCheckIntervalMs: number;
  /** The operator's PMTiles file (MAP_TILES_FILE), absolute; undefined: none. */
  mapTilesFile: string | undefined;
  contactPhones: { label: string; display: string }[];
};

// The built web app, relative to this file so it is found whatever the working directory.
const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither');
  }
  if (e.SECRETS_KEY && e.SECRETS_KEY.length < 32) {
    throw new Error('SECRETS_KEY must hold at least 32 characters (for example: openssl rand -base64 32)');
  }
  return {
    port: e.PORT,
    alarmReceiverPort: e.ALARM_RECEIVER_PORT,
    surgardPort: e.SURGARD_PORT,
    alarmReceiverPublicHost: e.ALARM_RECEIVER_PUBLIC_HOST || undefined,
    surgardLinePrefix: e.SURGARD_LINE_PREFIX
      ? e.SURGARD_LINE_PREFIX.toUpperCase().replace(/^0+/, '') || '0'
      : undefined,
    panelSupervisionIntervalMs: e.PANEL_SUPERVISION_INTERVAL_MS,
    alarmReceiverConnectionsPerAddress: e.ALARM_RECEIVER_CONNECTIONS_PER_ADDRESS,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    appDatabaseUrl: e.DATABASE_APP_URL || undefined,
    dataDir: resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    sessionIdleSeconds: Math.round(e.SESSION_IDLE_MINUTES * 60),
    sessionMaxSeconds: Math.round(e.SESSION_MAX_HOURS * 3600),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePoolWaitMs: e.DATABASE_POOL_WAIT_MS,
    databasePoolMaxWaiting: e.DATABASE_POOL_MAX_WAITING,
    webDist: e.WEB_DIST === undefined ? defaultWebDist : e.WEB_DIST || undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    registerLimitPerHour: e.REGISTER_LIMIT_PER_HOUR,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    cameraProbeIntervalMs: e.CAMERA_PROBE_INTERVAL_MS,
    cameraProbeConcurrency: e.CAMERA_PROBE_CONCURRENCY,
    cameraAllowedNetworks: parseAllowedNetworks(e.CAMERA_ALLOWED_NETWORKS),
    cameraSnapshotsPerSecond: e.CAMERA_SNAPSHOTS_PER_SECOND,
    ffmpegPath: e.FFMPEG_PATH,
    videoMaxStreams: e.VIDEO_MAX_STREAMS,
    videoLingerMs: e.VIDEO_LINGER_MS,
    videoAlarmClipSeconds: e.VIDEO_ALARM_CLIP_SECONDS,
    alarmEscalationMinutes: e.ALARM_ESCALATION_MINUTES,
    alarmEscalationIntervalMs: e.ALARM_ESCALATION_INTERVAL_MS,
    keptCountsFoldIntervalMs: e.KEPT_COUNTS_FOLD_INTERVAL_MS,
    attendanceCheckIntervalMs: e.ATTENDANCE_CHECK_INTERVAL_MS,
    loneWorkerGraceMs: e.LONE_WORKER_GRACE_MS,
    dailyJobsIntervalMs: e.DAILY_JOBS_INTERVAL_MS,
    smtpUrl: e.SMTP_URL || undefined,
    smtpFrom: e.SMTP_FROM,
    sms: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN || undefined } : null,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY || undefined,
      privateKey: e.VAPID_PRIVATE_KEY || undefined,
      subject: e.VAPID_SUBJECT || undefined,
    },
    jobsPollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
    jobsRetryBaseMs: e.JOBS_RETRY_BASE_MS,
    sseHeartbeatMs: e.SSE_HEARTBEAT_MS,
    liveSessionRecheckMs: e.LIVE_SESSION_RECHECK_MS,
    readCacheTtlMs: e.READ_CACHE_TTL_MS,
    readCacheMaxBytes: Math.round(e.READ_CACHE_MAX_MB * 1024 * 1024),
    secretsKey: e.SECRETS_KEY || undefined,
    transcribe: e.TRANSCRIBE_URL
      ? { url: e.TRANSCRIBE_URL, model: e.TRANSCRIBE_MODEL, apiKey: e.TRANSCRIBE_API_KEY || undefined }
      : null,
    backupPgDump: e.BACKUP_PG_DUMP === '1',
    backupCheckIntervalMs: e.BACKUP_CHECK_INTERVAL_MS,
    mapTilesFile: e.MAP_TILES_FILE ? resolve(e.MAP_TILES_FILE) : undefined,
    contactPhones: parseContactPhones(e.CONTACT_PHONES),
  };
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `127.0.0.1`, `10.0.0.0/8, fd00::/8`, `loopback` (proxy-addr's names: loopback,
 * linklocal, uniquelocal), or a hop count (`1`: the last address of X-Forwarded-For, as the one proxy
 * in front saw it). `true` is refused: it would believe every hop, so a client could name any
 * address (an allowlisted one, a fresh one for each sign-in attempt) by sending X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new Error(
      'TRUST_PROXY=true is refused: it would trust every X-Forwarded-For hop, so any client could pick ' +
        'its own address. Give the addresses or CIDR ranges of your reverse proxies ' +
        '(TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,fd00::/8) or their number (TRUST_PROXY=1).',
    );
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY=${text}: at most 10 proxies in front of the server`);
    return hops;
  }
  return text.split(',').map((raw) => {
    const entry = raw.trim();
    if (proxyNames.has(entry)) return entry;
    const cidr = entry === '' ? null : canonicalCidr(entry);
    if (!cidr) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is neither an address, a CIDR range, loopback, linklocal, uniquelocal ` +
          'nor a number of proxies',
      );
    }
    return cidr;
  });
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes proxy-addr's rule « the first n hops from
 * the socket are proxies » (Fastify 5 itself trusts nothing for a bare number): safe only when the
 * server can be reached through those proxies alone (README).
 */
export function fastifyTrustProxy(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/**
 * The app's public address for links and QR codes: PUBLIC_URL, else the address the server is
 * configured to listen on (never a request's Host or X-Forwarded-Host, which the client chooses).
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = ['', '0.0.0.0', '::', '[::]'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.port}`;
}

/** « France=+33 1 23 45 67 89;Espagne=+34 910 000 123 » → [{ label, display }], blanks skipped. */
export function parseContactPhones(value: string | undefined) {
  return (value ?? '')
    .split(';')
    .map((pair) => pair.split('='))
    .filter((parts) => parts.length === 2 && parts.every((p) => p.trim() !== ''))
    .map(([label, display]) => ({ label: (label as string).trim(), display: (display as string).trim() }));
}
