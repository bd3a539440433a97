import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random bearer token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Only this hash is stored: a leaked sessions table cannot be replayed. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
