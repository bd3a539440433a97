// GET and PUT /api/me/notifications: each user's own switches, the spec's defaults, SMS only with an
// international number, French refusals, no session, and no user reaching another's switches.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';

const defaults = {
  emailAlerts: true,
  smsAlerts: true,
  pushNotifications: true,
  criticalOnly: false,
  weekendAlerts: true,
  maintenanceNotifications: true,
};

describe.each(engines)('notification settings on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const get = (who: Tenant) =>
    t.app.inject({ method: 'GET', url: '/api/me/notifications', headers: who.auth });
  const put = (who: Tenant, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/notifications',
      headers: who.auth,
      payload: payload as object,
    });
  const setPhone = (who: Tenant, phone: string | null) =>
    t.db.withTenant(who.company.id, (tx) =>
      tx
        .update(users)
        .set({ phone })
        .where(and(eq(users.companyId, who.company.id), eq(users.id, who.user.id))),
    );

  it("answers the spec's defaults; SMS shows on only with an international phone number", async () => {
    const owner = await registerCompany(t.app);
    expect((await get(owner)).json()).toEqual({ ...defaults, smsAlerts: false });
    await setPhone(owner, '+33612345678');
    const res = await get(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaults);
  });

  it('saves every switch, for the caller only, and audits the change', async () => {
    const owner = await registerCompany(t.app);
    const colleague = await addUser(t.app, owner, 'operator');
    await setPhone(owner, '+33612345678');
    const wanted = {
      emailAlerts: false,
      smsAlerts: true,
      pushNotifications: false,
      criticalOnly: true,
      weekendAlerts: false,
      maintenanceNotifications: false,
    };
    const res = await put(owner, wanted);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(wanted);
    expect((await get(owner)).json()).toEqual(wanted);
    expect((await get(colleague)).json()).toEqual({ ...defaults, smsAlerts: false });
    const audit = rowsOf<{ action: string; details: Record<string, boolean> }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(sql`select action, details from audit_log where company_id = ${owner.company.id}
                        and action = 'user.notification_settings_updated'`),
      ),
    );
    expect(audit).toEqual([{ action: 'user.notification_settings_updated', details: wanted }]);
  });

  it('refuses SMS without a phone number in international format, in French (422)', async () => {
    const owner = await registerCompany(t.app);
    for (const phone of [null, '06 12 34 56 78', '0033612345678']) {
      await setPhone(owner, phone);
      const res = await put(owner, defaults);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([
        {
          loc: ['body', 'smsAlerts'],
          msg: 'Pour recevoir les alertes SMS, renseignez dans votre profil un numéro de téléphone au format international (par exemple +33612345678)',
          type: 'phone_required',
        },
      ]);
    }
    // Nothing was saved by the refused calls; without SMS the same switches pass.
    expect((await get(owner)).json()).toEqual({ ...defaults, smsAlerts: false });
    expect((await put(owner, { ...defaults, smsAlerts: false, criticalOnly: true })).statusCode).toBe(200);
  });

  it('refuses malformed bodies with French messages (422)', async () => {
    const owner = await registerCompany(t.app);
    const missing = await put(owner, { emailAlerts: true });
    expect(missing.statusCode).toBe(422);
    const locs = missing.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining(['body.smsAlerts', 'body.pushNotifications', 'body.maintenanceNotifications']),
    );
    const wrongType = await put(owner, { ...defaults, smsAlerts: false, weekendAlerts: 'oui' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().detail).toEqual([
      {
        loc: ['body', 'weekendAlerts'],
        msg: 'Alertes le week-end : indiquez true ou false',
        type: 'invalid_type',
      },
    ]);
  });

  it('needs a session (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/notifications' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/notifications', payload: defaults });
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().detail).toBe('string');
  });

  it("never lets a user of another company see or change someone's switches", async () => {
    const a = await registerCompany(t.app);
    const b = await registerCompany(t.app);
    await put(a, { ...defaults, smsAlerts: false, emailAlerts: false, criticalOnly: true });
    // B changes only B; A's stay as A set them, B sees only B's.
    await put(b, { ...defaults, smsAlerts: false, pushNotifications: false });
    expect((await get(a)).json()).toEqual({
      ...defaults,
      smsAlerts: false,
      emailAlerts: false,
      criticalOnly: true,
    });
    expect((await get(b)).json()).toEqual({ ...defaults, smsAlerts: false, pushNotifications: false });
    // The switches live on each user's row under RLS: B's transaction cannot see A's row at all.
    const seen = await t.db.withTenant(b.company.id, (tx) =>
      tx.select({ id: users.id }).from(users).where(eq(users.id, a.user.id)),
    );
    expect(seen).toEqual([]);
  });
});
