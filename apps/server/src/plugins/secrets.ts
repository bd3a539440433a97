// Credentials the server itself must use later (a camera's stream password, sent to fetch its
// snapshot) are stored sealed with AES-256-GCM, so that a database dump or a backup does not hand
// them out. The key comes from SECRETS_KEY (the same on every instance sharing a database) or, when
// it is unset, from <DATA_DIR>/secrets.key, created on the first start (mode 0600). Decision 0009.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(text: string): string;
  /**
   * The sealed text, or `undefined` when it cannot be opened (sealed with another key, altered). A
   * value stored before sealing existed (no prefix) is returned as it is until the start-up pass
   * seals it.
   */
  open(stored: string): string | undefined;
  /**
   * A keyed signature of `text` for one purpose (HMAC-SHA256 under a key derived for it), as
   * base64url: what makes a QR badge unforgeable without the server's key.
   */
  mac(purpose: string, text: string): string;
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function secretBox(material: string | Buffer): SecretBox {
  // HKDF: any long random string (or the key file's bytes) becomes a 256-bit key for this use only.
  const key = Buffer.from(hkdfSync('sha256', material, 'vigie', 'stored-credentials', 32));
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let k = macKeys.get(purpose);
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', material, 'vigie', `mac:${purpose}`, 32));
      macKeys.set(purpose, k);
    }
    return k;
  };
  return {
    mac(purpose, text) {
      return createHmac('sha256', macKey(purpose)).update(text).digest('base64url');
    },
    seal(text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

export type SecretsKeySource = 'SECRETS_KEY' | 'key file created' | 'key file' | 'in memory';

/** The instance's box and where its key came from (logged at start, never the key). */
export function loadSecretBox(config: { secretsKey: string | undefined; dataDir: string }): {
  box: SecretBox;
  source: SecretsKeySource;
} {
  if (config.secretsKey) return { box: secretBox(config.secretsKey), source: 'SECRETS_KEY' };
  // Tests on an in-memory database: nothing outlives the process, neither may its key.
  if (config.dataDir.startsWith('memory://')) return { box: secretBox(randomBytes(32)), source: 'in memory' };
  const file = join(config.dataDir, 'secrets.key');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx`: two instances starting together cannot both create it; the second reads the first's.
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    return { box: secretBox(readKeyFile(file)), source: 'key file created' };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { box: secretBox(readKeyFile(file)), source: 'key file' };
  }
}

function readKeyFile(file: string) {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length < 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}
