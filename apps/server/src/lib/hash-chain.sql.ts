// The database's side of lib/hash-chain.ts: the SHA-256 an entry's statement computes from the
// canonical text around its number and the previous hash, both known only inside the statement
// (the counter row it moves on).
import { type SQL, sql } from 'drizzle-orm';

/** encode(sha256(before || number || after || '"' || prev || '"]')) as hex. */
export const sealSql = (before: SQL, number: SQL, after: SQL, prev: SQL) =>
  sql`encode(sha256(convert_to(${before} || (${number})::text || ${after}
                               || '"' || ${prev} || '"]', 'UTF8')), 'hex')`;
