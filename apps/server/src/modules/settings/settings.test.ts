// Paramètres · Sécurité, Système and Identité over HTTP: defaults, changes and their audit entries,
// bad input (French 422), the allowlist's self-exclusion guard, no session, roles, other companies.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { companyIdentity } from './identity.service';

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#1e3a8a' } })
    .png()
    .toBuffer();

describe.each(engines)('settings on %s', (engine) => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await registerCompany(t.app, { name: 'Gardiennage Alpha' });
    other = await registerCompany(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const req = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    who: Tenant | null,
    payload?: object,
    remoteAddress = '10.20.30.40',
  ) =>
    t.app.inject({
      method,
      url,
      headers: who ? who.auth : {},
      remoteAddress,
      ...(payload ? { payload } : {}),
    });

  const lastAudit = async (who: Tenant, action: string) => {
    const res = await req('GET', `/api/audit?action=${action}&limit=1`, who);
    expect(res.statusCode).toBe(200);
    return res.json()[0];
  };

  it('answers the spec defaults for security and system', async () => {
    const security = await req('GET', '/api/settings/security', owner, undefined, '10.1.1.1');
    expect(security.statusCode).toBe(200);
    expect(security.json()).toEqual({
      twoFactorAuth: false,
      sessionTimeout: 30,
      autoLogout: true,
      ipWhitelist: '',
      passwordExpiry: 90,
      currentIp: '10.1.1.1',
    });
    const system = await req('GET', '/api/settings/system', owner);
    expect(system.json()).toEqual({
      autoBackup: true,
      backupFrequency: 'daily',
      retentionPeriod: 365,
      logLevel: 'info',
      maintenanceMode: false,
    });
    const identity = await req('GET', '/api/settings/identity', owner);
    expect(identity.json()).toEqual({
      legalName: null,
      address: null,
      siret: null,
      cnapsAuthorisation: null,
      logo: null,
    });
  });

  it('saves security settings, normalises the allowlist and audits the change with the address', async () => {
    const res = await req('PUT', '/api/settings/security', owner, {
      twoFactorAuth: false,
      sessionTimeout: 60,
      autoLogout: false,
      ipWhitelist: '10.0.0.7/8\n\n192.168.1.10, 2001:DB8::1\n::ffff:172.16.0.0/108\n10.0.0.0/8',
      passwordExpiry: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sessionTimeout: 60,
      autoLogout: false,
      ipWhitelist: '10.0.0.0/8\n192.168.1.10/32\n2001:db8::1/128\n172.16.0.0/12',
      passwordExpiry: null,
    });
    expect((await req('GET', '/api/settings/security', owner)).json()).toMatchObject({
      sessionTimeout: 60,
      passwordExpiry: null,
    });
    const entry = await lastAudit(owner, 'settings.security_updated');
    expect(entry).toMatchObject({
      actorUserId: owner.user.id,
      entity: 'company',
      ip: '10.20.30.40',
      details: { changes: { sessionTimeout: { from: 30, to: 60 }, passwordExpiry: { from: 90, to: null } } },
    });
    // Only what is sent changes; the list can be emptied again.
    const cleared = await req('PUT', '/api/settings/security', owner, { ipWhitelist: '' });
    expect(cleared.json()).toMatchObject({ ipWhitelist: '', sessionTimeout: 60, autoLogout: false });
  });

  it('refuses bad security input in French, one issue per bad line', async () => {
    const res = await req('PUT', '/api/settings/security', owner, {
      sessionTimeout: 45,
      passwordExpiry: 365,
      ipWhitelist: '10.0.0.0/8\n\n10.0.0.300/8\nbureau',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          loc: ['body', 'sessionTimeout'],
          msg: 'Expiration de session invalide (15, 30, 60 ou 120 minutes)',
        }),
        expect.objectContaining({ loc: ['body', 'passwordExpiry'] }),
        {
          loc: ['body', 'ipWhitelist', 2],
          msg: "Ligne 3 : « 10.0.0.300/8 » n'est pas une adresse ou une plage CIDR valide",
          type: 'custom',
        },
        expect.objectContaining({
          loc: ['body', 'ipWhitelist', 3],
          msg: "Ligne 4 : « bureau » n'est pas une adresse ou une plage CIDR valide",
        }),
      ]),
    );
    const tooMany = Array.from({ length: 101 }, (_, i) => `10.0.${i}.0/24`).join('\n');
    const long = await req('PUT', '/api/settings/security', owner, { ipWhitelist: tooMany });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0].msg).toBe('La liste ne doit pas dépasser 100 adresses ou plages');
    // Nothing was saved.
    expect((await req('GET', '/api/settings/security', owner)).json().sessionTimeout).toBe(60);
  });

  it("refuses a list that excludes the administrator's own address unless confirmed", async () => {
    const refused = await req(
      'PUT',
      '/api/settings/security',
      owner,
      { ipWhitelist: '10.0.0.0/8' },
      '203.0.113.5',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('votre adresse actuelle (203.0.113.5)');
    expect((await req('GET', '/api/settings/security', owner)).json().ipWhitelist).toBe('');
    // An IPv4 client seen through a dual-stack socket is the IPv4 address it is.
    const mapped = await req(
      'PUT',
      '/api/settings/security',
      owner,
      { ipWhitelist: '10.0.0.0/8' },
      '::ffff:10.9.8.7',
    );
    expect(mapped.statusCode).toBe(200);
    const confirmed = await req(
      'PUT',
      '/api/settings/security',
      owner,
      { ipWhitelist: '10.0.0.0/8, 198.51.100.0/24', confirmSelfExclusion: true },
      '10.1.1.1',
    );
    expect(confirmed.statusCode).toBe(200);
    const forced = await req(
      'PUT',
      '/api/settings/security',
      owner,
      { ipWhitelist: '198.51.100.0/24', confirmSelfExclusion: true },
      '10.1.1.1',
    );
    expect(forced.statusCode).toBe(200);
    // Open again from an allowed address, so that the other tests run from anywhere.
    const reopened = await req('PUT', '/api/settings/security', owner, { ipWhitelist: '' }, '198.51.100.9');
    expect(reopened.statusCode).toBe(200);
    const entries = await req('GET', '/api/audit?action=settings.security_updated&limit=2', owner);
    expect(entries.json()[1]).toMatchObject({ ip: '10.1.1.1', details: { selfExcluded: true } });
  });

  it('saves system settings, audits maintenance mode and refuses bad input', async () => {
    const res = await req('PUT', '/api/settings/system', owner, {
      autoBackup: false,
      backupFrequency: 'weekly',
      retentionPeriod: 30,
      logLevel: 'warn',
      maintenanceMode: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      autoBackup: false,
      backupFrequency: 'weekly',
      retentionPeriod: 30,
      logLevel: 'warn',
      maintenanceMode: true,
    });
    const entry = await lastAudit(owner, 'settings.system_updated');
    expect(entry.details.changes).toMatchObject({
      maintenanceMode: { from: false, to: true },
      logLevel: { from: 'info', to: 'warn' },
    });
    const off = await req('PUT', '/api/settings/system', owner, { maintenanceMode: false, logLevel: 'info' });
    expect(off.json()).toMatchObject({ maintenanceMode: false, backupFrequency: 'weekly' });
    const bad = await req('PUT', '/api/settings/system', owner, {
      backupFrequency: 'yearly',
      retentionPeriod: 0,
      logLevel: 'trace',
    });
    expect(bad.statusCode).toBe(422);
    const msgs = bad.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        'Fréquence de sauvegarde invalide (hourly, daily, weekly ou monthly)',
        'La durée de conservation doit être d’au moins 1 jour',
        'Niveau de journalisation invalide (error, warn, info ou debug)',
      ]),
    );
    const tooLong = await req('PUT', '/api/settings/system', owner, { retentionPeriod: 3651 });
    expect(tooLong.json().detail[0].msg).toBe('La durée de conservation ne doit pas dépasser 3650 jours');
  });

  it('saves the identity with a checked SIRET and CNAPS authorisation, and clears fields', async () => {
    const res = await req('PUT', '/api/settings/identity', owner, {
      legalName: 'Alpha Sécurité SAS',
      address: '12 rue des Gardes, 75011 Paris',
      siret: '732 829 320 00074',
      cnapsAuthorisation: 'aut-075-2030-05-12-12345678901',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      legalName: 'Alpha Sécurité SAS',
      address: '12 rue des Gardes, 75011 Paris',
      siret: '73282932000074',
      cnapsAuthorisation: 'AUT-075-2030-05-12-12345678901',
      logo: null,
    });
    const corsica = await req('PUT', '/api/settings/identity', owner, {
      cnapsAuthorisation: 'AUT-2A-2031-01-31-00000000001',
    });
    expect(corsica.json().cnapsAuthorisation).toBe('AUT-2A-2031-01-31-00000000001');
    const bad = await req('PUT', '/api/settings/identity', owner, {
      siret: '73282932000075',
      cnapsAuthorisation: 'AUT-075-2030-13-12-12345678901',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'siret'], msg: 'SIRET invalide (clé de contrôle incorrecte)' }),
      expect.objectContaining({
        loc: ['body', 'cnapsAuthorisation'],
        msg: 'Numéro d’autorisation CNAPS invalide (format AUT-075-2030-05-12-12345678901)',
      }),
    ]);
    const short = await req('PUT', '/api/settings/identity', owner, { siret: '1234' });
    expect(short.json().detail[0].msg).toBe('SIRET invalide (14 chiffres)');
    const cleared = await req('PUT', '/api/settings/identity', owner, { address: '', siret: null });
    expect(cleared.json()).toMatchObject({ legalName: 'Alpha Sécurité SAS', address: null, siret: null });
    const entry = await lastAudit(owner, 'settings.identity_updated');
    expect(entry.details.changes.siret).toEqual({ from: '73282932000074', to: null });
  });

  it('keeps a PNG or JPEG logo (re-encoded, bounded) for the documents, and refuses other files', async () => {
    const big = await png(2400, 1200);
    const put = await req('PUT', '/api/settings/identity/logo', owner, { image: big.toString('base64') });
    expect(put.statusCode).toBe(200);
    expect(put.json().logo).toMatch(/^\/api\/settings\/identity\/logo\?v=/);
    const got = await req('GET', '/api/settings/identity/logo', owner);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe('inline; filename="logo.png"');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 512 });

    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const asDataUrl = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    expect((await req('PUT', '/api/settings/identity/logo', owner, { image: asDataUrl })).statusCode).toBe(
      200,
    );
    const identity = await t.db.withTenant(owner.company.id, (tx) => companyIdentity(tx, owner.company.id));
    expect(identity).toMatchObject({
      legalName: 'Alpha Sécurité SAS',
      address: null,
      siret: null,
      cnapsAuthorisation: 'AUT-2A-2031-01-31-00000000001',
      logo: { contentType: 'image/jpeg' },
    });
    expect((await sharp(identity.logo?.data).metadata()).format).toBe('jpeg');

    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const refused = await req('PUT', '/api/settings/identity/logo', owner, {
      image: webp.toString('base64'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].msg).toBe('Format de logo non pris en charge : PNG ou JPEG uniquement');
    const notBase64 = await req('PUT', '/api/settings/identity/logo', owner, { image: 'pas une image !' });
    expect(notBase64.json().detail[0].msg).toBe("L'image doit être encodée en base64");
    const tooBig = Buffer.alloc(2 * 1024 * 1024 + 10, 1).toString('base64');
    const large = await req('PUT', '/api/settings/identity/logo', owner, { image: tooBig });
    expect(large.statusCode).toBe(413);
    expect(large.json().detail).toBe('Le logo ne doit pas dépasser 2 Mo');

    expect((await req('DELETE', '/api/settings/identity/logo', owner)).statusCode).toBe(204);
    const gone = await req('GET', '/api/settings/identity/logo', owner);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe("La société n'a pas de logo");
    expect((await req('DELETE', '/api/settings/identity/logo', owner)).statusCode).toBe(404);
    // Without a raison sociale the documents print the company's name.
    await req('PUT', '/api/settings/identity', owner, { legalName: null });
    const plain = await t.db.withTenant(owner.company.id, (tx) => companyIdentity(tx, owner.company.id));
    expect(plain).toMatchObject({ legalName: 'Gardiennage Alpha', logo: null });
  });

  it('keeps each company to its own settings', async () => {
    const res = await req('PUT', '/api/settings/system', other, { backupFrequency: 'hourly' });
    expect(res.statusCode).toBe(200);
    await req('PUT', '/api/settings/identity', other, { legalName: 'Bêta SARL' });
    expect((await req('GET', '/api/settings/system', owner)).json().backupFrequency).toBe('weekly');
    expect((await req('GET', '/api/settings/identity', owner)).json().legalName).toBeNull();
    expect((await req('GET', '/api/settings/identity', other)).json().legalName).toBe('Bêta SARL');
  });

  it('needs a session (401) and an administrator (403) on every settings route, reads included', async () => {
    const operator = await addUser(t.app, owner, 'operator');
    const agent = await addUser(t.app, owner, 'agent');
    const admin = await addUser(t.app, owner, 'admin');
    const routes: ['GET' | 'PUT' | 'DELETE' | 'POST', string, object?][] = [
      ['GET', '/api/settings/security'],
      ['PUT', '/api/settings/security', { autoLogout: true }],
      ['GET', '/api/settings/system'],
      ['PUT', '/api/settings/system', { autoBackup: true }],
      ['GET', '/api/settings/identity'],
      ['PUT', '/api/settings/identity', { legalName: 'X' }],
      ['GET', '/api/settings/identity/logo'],
      ['PUT', '/api/settings/identity/logo', { image: (await png(4, 4)).toString('base64') }],
      ['DELETE', '/api/settings/identity/logo'],
      ['GET', '/api/settings/backups'],
      ['POST', '/api/settings/backups'],
      ['GET', '/api/settings/backups/vigie-20300101-000000-000.tar.gz'],
      ['GET', '/api/audit'],
      ['GET', '/api/audit/export'],
    ];
    for (const [method, url, body] of routes) {
      expect({ url, status: (await req(method, url, null, body)).statusCode }).toEqual({ url, status: 401 });
      for (const who of [operator, agent]) {
        const res = await req(method, url, who, body);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
        expect(res.json().detail).toMatch(/^Réservé aux administrateurs/);
      }
    }
    // Any administrator of the company, not only its owner.
    expect((await req('GET', '/api/settings/security', admin)).statusCode).toBe(200);
  });
});
