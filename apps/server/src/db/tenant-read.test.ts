// The tenant script: the company id written into prepared statements, and a bounded set of prepared
// statements per connection (the least recently used deallocated first), on a real database.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type TestApp } from '../test/harness';
import { PREPARED_PER_CONNECTION, tenantScript, withCompanyLiteral } from './tenant-read';

const company = '11111111-1111-4111-8111-111111111111';

describe('the company id in prepared statements', () => {
  it('is written in as a literal, as the page limit is, and the other values stay parameters, renumbered', () => {
    const q = sql`select 1 from sites where company_id = ${company} and name > ${'Mairie'} and company_id = ${company} limit ${51}`;
    const { sql: text, params } = new PgDialect().sqlToQuery(q);
    expect(withCompanyLiteral(text, params, company)).toEqual({
      text: `select 1 from sites where company_id = '${company}' and name > $1 and company_id = '${company}' limit 51`,
      params: ['Mairie'],
    });
  });

  it('deallocates the least recently used statement beyond the bound, never one the script uses', () => {
    const prepared = new Set<string>();
    const statement = (i: number) =>
      sql`select ${sql.raw(String(i))} as n where ${company}::uuid is not null`;
    for (let i = 0; i < PREPARED_PER_CONNECTION; i++)
      tenantScript(company, [statement(i)], prepared).commit();
    expect(prepared.size).toBe(PREPARED_PER_CONNECTION);
    const [oldest, second] = [...prepared];
    // Using the oldest makes it the most recent: the next new statement evicts the second.
    tenantScript(company, [statement(0)], prepared).commit();
    const next = tenantScript(company, [statement(PREPARED_PER_CONNECTION)], prepared);
    expect(next.script).toContain(`deallocate ${second}`);
    expect(next.script).not.toContain(`deallocate ${oldest}`);
    next.commit();
    expect(prepared.size).toBe(PREPARED_PER_CONNECTION);
    expect(prepared.has(second as string)).toBe(false);
  });
});

describe.each(engines)('prepared statements beyond the bound on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every read while statements come and go, for two companies', async () => {
    const one = (await registerCompany(t.app)).company.id;
    const two = (await registerCompany(t.app)).company.id;
    const read = (companyId: string, i: number) =>
      t.db.readTenant<{ n: number; name: string }>(
        companyId,
        sql`select ${sql.raw(String(i))}::int as n, c.name from companies c where c.id = ${companyId}`,
      );
    // More distinct statements than one connection keeps, then the first ones again.
    for (const i of [...Array(PREPARED_PER_CONNECTION + 30).keys(), 0, 1, 2]) {
      for (const companyId of [one, two]) {
        const rows = await read(companyId, i);
        expect(rows.map((r) => Number(r.n))).toEqual([i]);
      }
    }
  });
});
