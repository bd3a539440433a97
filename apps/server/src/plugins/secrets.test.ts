// Sealing of stored credentials: round trip, a fresh IV each time, refusal of another key or an
// altered value, and the key file created once (mode 0600) and read back by the next start.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isSealed, loadSecretBox, secretBox } from './secrets';

describe('stored credentials sealing', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('seals with a fresh IV, opens with the same key only, and detects any change', () => {
    const box = secretBox('a-long-random-secret-of-at-least-32-chars');
    const a = box.seal('Mot de passe é 1234');
    const b = box.seal('Mot de passe é 1234');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain('1234');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('Mot de passe é 1234');
    expect(secretBox('another-long-random-secret-of-32-chars!!').open(a)).toBeUndefined();
    const flipped = `${a.slice(0, -2)}${a.at(-2) === 'A' ? 'B' : 'A'}${a.at(-1)}`;
    expect(box.open(flipped)).toBeUndefined();
    expect(box.open('enc:v1:')).toBeUndefined();
    // Stored before sealing existed: read as it is until the start-up pass seals it.
    expect(box.open('ancien-mot-de-passe')).toBe('ancien-mot-de-passe');
  });

  it('creates the key file once, private, and the next start opens what the first sealed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigie-secrets-'));
    dirs.push(dir);
    const first = loadSecretBox({ secretsKey: undefined, dataDir: dir });
    expect(first.source).toBe('key file created');
    expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(dir, 'secrets.key'), 'utf8'), 'base64')).toHaveLength(32);
    const sealed = first.box.seal('admin123');
    const second = loadSecretBox({ secretsKey: undefined, dataDir: dir });
    expect(second.source).toBe('key file');
    expect(second.box.open(sealed)).toBe('admin123');
    // SECRETS_KEY wins over the file.
    const fromEnv = loadSecretBox({ secretsKey: 'x'.repeat(40), dataDir: dir });
    expect(fromEnv.source).toBe('SECRETS_KEY');
    expect(fromEnv.box.open(sealed)).toBeUndefined();
  });

  it('refuses a SECRETS_KEY too short to be a key', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'court' })).toThrow(
      /SECRETS_KEY must hold at least 32 characters/,
    );
    expect(loadConfig({ SECRETS_KEY: '' }).secretsKey).toBeUndefined();
  });
});
