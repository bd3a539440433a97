// Test support for the receiver's ingest: companies, sites and panels seeded under RLS (the panels'
// API is another helper's; these rows are what it writes), frames as panels send them, and reads
// of what a frame created.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../../db/rows';
import type { Tenant, TestApp } from '../../../test/harness';
import { type BuildFrameInput, buildFrame } from '../protocol/answer';
import { decryptFrame } from '../protocol/encryption';
import { parseFrame, parseTimestamp } from '../protocol/frame';
import { parseAesKey } from '../protocol/key';

let prefixCounter = 0;
/** A line prefix of its own for each company a test file seeds (never 0, never the Sur-Gard one). */
export function nextPrefix(): string {
  prefixCounter++;
  return `B${prefixCounter.toString(16).toUpperCase().padStart(3, '0')}`;
}

export async function addSite(t: TestApp, tenant: Tenant, name = `Site ${randomUUID().slice(0, 6)}`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sites',
    headers: tenant.auth,
    payload: { name, address: `${name}, Lyon`, status: 'active' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** The company's line prefix, given (as the panels' API hands it out) once. */
export async function givePrefix(t: TestApp, companyId: string, prefix = nextPrefix()) {
  await t.db.withTenant(companyId, (tx) =>
    tx.execute(sql`insert into panel_line_prefixes (company_id, prefix) values (${companyId}, ${prefix})
                   on conflict (company_id) do nothing`),
  );
  const rows = await t.db.withTenant(companyId, (tx) =>
    tx.execute(sql`select prefix from panel_line_prefixes where company_id = ${companyId}`),
  );
  return (rowsOf<{ prefix: string }>(rows)[0] as { prefix: string }).prefix;
}

export type SeedPanel = {
  siteId: string;
  name?: string;
  account: string;
  /** As the installer types it (hexadecimal or ASCII); sealed as the API does. */
  aesKey?: string;
  supervisionMinutes?: number;
  zones?: { number: number; name: string }[];
  testUntil?: Date;
};

export async function seedPanel(t: TestApp, tenant: Tenant, p: SeedPanel) {
  const companyId = tenant.company.id;
  const id = randomUUID();
  const key = p.aesKey ? parseAesKey(p.aesKey) : undefined;
  if (key && !key.ok) throw new Error(key.error);
  const sealed = key?.ok ? t.app.secrets.seal(key.key.toString('hex')) : null;
  await t.db.withTenant(companyId, (tx) =>
    tx.execute(sql`insert into panels (company_id, id, site_id, name, account, aes_key, supervision_minutes, zones, test_until)
      values (${companyId}, ${id}, ${p.siteId}, ${p.name ?? 'Centrale test'}, ${p.account.toUpperCase()}, ${sealed},
              ${p.supervisionMinutes ?? null}, ${JSON.stringify(p.zones ?? [])}::jsonb,
              ${p.testUntil ? p.testUntil.toISOString() : null}::timestamptz)`),
  );
  return id;
}

/** Runs a statement under the company's RLS and answers its rows. */
export async function rowsIn<T>(t: TestApp, companyId: string, query: ReturnType<typeof sql>) {
  return rowsOf<T>(await t.db.withTenant(companyId, (tx) => tx.execute(query)));
}

export const alarmsOf = (t: TestApp, companyId: string) =>
  rowsIn<{
    id: string;
    site_id: string;
    type: string;
    severity: string;
    title: string;
    location: string;
    description: string;
    source: string;
    status: string;
  }>(
    t,
    companyId,
    sql`select id, site_id, type, severity, title, location, description, source, status from alarms
         where company_id = ${companyId} order by triggered_at, id`,
  );

export const signalsOf = (t: TestApp, companyId: string, panelId: string) =>
  rowsIn<{
    outcome: string;
    answer: string;
    meaning: string;
    raw: string;
    alarm_id: string | null;
    transport: string;
    zone: number | null;
  }>(
    t,
    companyId,
    sql`select outcome, answer, meaning, raw, alarm_id, transport, zone from panel_signals
         where company_id = ${companyId} and panel_id = ${panelId} order by id`,
  );

export const logbookOf = async (t: TestApp, tenant: Tenant, siteId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/logbook?siteId=${siteId}`,
    headers: tenant.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { text: string; author: { name: string }; source: string }[];
};

let sequence = 0;
/** A frame as the panel sends it, with a sequence of its own unless given (1 to 9999). */
export function panelFrame(input: Omit<BuildFrameInput, 'sequence'> & { sequence?: string | number }) {
  sequence = (sequence % 9999) + 1;
  return buildFrame({ timestamp: new Date(), ...input, sequence: input.sequence ?? sequence });
}

/** An answer: its id ('ACK', 'NAK', 'DUH'), account and timestamp, decrypted with `key` when encrypted. */
export function answerOf(bytes: Buffer | null, key?: Buffer) {
  if (!bytes) return null;
  const parsed = parseFrame(bytes);
  if (!parsed.ok) {
    // A NAK carries no account (`"NAK"0000R0L0A0[]<time>`): read as it is.
    const text = bytes.toString('latin1');
    if (text.includes('"NAK"')) {
      return {
        id: 'NAK',
        sequence: '0000',
        account: undefined,
        timestamp: parseTimestamp(text.slice(text.indexOf('_')).trim()),
      };
    }
    throw new Error(`unreadable answer: ${parsed.detail}`);
  }
  if (!parsed.frame.encrypted) return parsed.frame;
  if (!key) throw new Error('encrypted answer and no key');
  const clear = decryptFrame(parsed.frame, key);
  if (!clear.ok) throw new Error(`answer not decryptable: ${clear.detail}`);
  return clear.frame;
}
