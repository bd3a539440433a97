// The tenant script: the company id written into prepared statements, and a bounded set of prepared
// statements per connection (the least recently used deallocated first), on a real database.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, registerCompany, type TestApp } from '../test/harness';
import { newPreparedState, PREPARED_PER_CONNECTION, tenantPipeline, withCompanyLiteral } from './tenant-read';

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
    const state = newPreparedState();
    const { prepared } = state;
    const statement = (i: number) => sql`select ${i} as n where ${company}::uuid is not null and ${i} = ${i}`;
    const shapes = (i: number) => sql`select ${sql.raw(String(i))} as n where ${company}::uuid is not null`;
    for (let i = 0; i < PREPARED_PER_CONNECTION - 1; i++)
      tenantPipeline(company, [shapes(i)], state).commit();
    // The company setting is a prepared statement of its own.
    expect(prepared.size).toBe(PREPARED_PER_CONNECTION);
    const setting = tenantPipeline(company, [], state).steps[0]?.name;
    const [oldest, second] = [...prepared].filter((name) => name !== setting);
    // Using the oldest makes it the most recent: the next new statement evicts the second.
    tenantPipeline(company, [shapes(0)], state).commit();
    const next = tenantPipeline(company, [shapes(PREPARED_PER_CONNECTION)], state);
    expect(next.close).toEqual([second]);
    expect(next.close).not.toContain(oldest);
    expect(next.close).not.toContain(setting);
    next.commit();
    expect(prepared.size).toBe(PREPARED_PER_CONNECTION);
    expect(prepared.has(second as string)).toBe(false);
    // Values stay out of the text: the same shape with other values is one statement.
    const a = tenantPipeline(company, [statement(1)], state);
    const b = tenantPipeline(company, [statement(2)], state);
    expect(a.steps[1]?.text).toBe(b.steps[1]?.text);
    expect(a.steps[1]?.values).toEqual([1, 1, 1]);
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

describe.each(engines)('values as bind parameters on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads back every hostile value as data, and the connection stays the app role', async () => {
    const one = (await registerCompany(t.app)).company.id;
    const hostile = [
      "'; set role postgres; commit; --",
      '$6/',
      '$1 $2 $$ $tag$ x $tag$',
      "or true or a.action = '",
      "\\' or 1=1 /*",
      'and (select true from pg_sleep(2)) or a.action =',
    ];
    for (const value of hostile) {
      for (const prepare of [true, false]) {
        const rows = await t.db.readTenant<{ v: string; who: string }>(
          one,
          sql`select ${value}::text as v, current_user::text as who`,
          { prepare },
        );
        expect(rows).toEqual([{ v: value, who: 'vigie_app' }]);
      }
    }
  });

  it('keeps a connection usable after a failed statement, prepared or not, and the setting ends with the read', async () => {
    const one = (await registerCompany(t.app)).company.id;
    const bad = sql`select ${'pas un nombre'}::int as n where ${one}::uuid is not null`;
    for (let i = 0; i < 12; i++) {
      await expect(t.db.readTenant(one, bad)).rejects.toMatchObject({ code: '22P02' });
      const rows = await t.db.readTenant<{ c: string }>(
        one,
        sql`select current_setting('app.company_id', true) as c where ${one}::uuid is not null`,
      );
      expect(rows).toEqual([{ c: one }]);
    }
    const after = await t.db.direct.execute(
      sql`select coalesce(current_setting('app.company_id', true), '') as c`,
    );
    expect((after as unknown as { rows: { c: string }[] }).rows[0]?.c ?? '').toBe('');
  });

  it('refuses a company id that is not a uuid before anything is sent', async () => {
    await expect(t.db.readTenant("x' or true --", sql`select 1`)).rejects.toThrow(/uuid/);
  });
});
