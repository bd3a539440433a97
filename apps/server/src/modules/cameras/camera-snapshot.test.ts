import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { secretBox } from '../../plugins/secrets';
import {
  addUser,
  createTestApp,
  engines,
  registerCompany,
  type Tenant,
  type TestApp,
} from '../../test/harness';
import { sealStoredPasswords } from './camera-credentials';

// A real 4x4 JPEG (drawn on a canvas in Chromium and exported with toDataURL('image/jpeg')).
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA' +
  'AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA' +
  'ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA' +
  'AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
  'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA' +
  'AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4M' +
  'ChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8a' +
  'Gi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAEAAQDASIAAhEB' +
  'AxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAWEAEBAQAAAAAAAAAAAAAAAAAAARH/xAAVAQEBAAAAAAAAAAAAAAAAAAAE' +
  'Bv/EABYRAQEBAAAAAAAAAAAAAAAAAAEAEf/aAAwDAQACEQMRAD8AjyZMgASq61OAGF//2Q==';
const jpeg = Buffer.from(JPEG_BASE64, 'base64');
const user = 'viewer';
const password = 'Image-S3cret';

/** A fake IP camera speaking real HTTP: basic auth, then a JPEG (or a misbehaviour chosen by path). */
function startCameraServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="camera"' }).end();
      return;
    }
    if (req.url === '/snapshot.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    else if (req.url === '/page.html')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    else if (req.url === '/huge.jpg')
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(6 * 1024 * 1024));
    else if (req.url === '/slow.jpg')
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg), 4000);
    else if (req.url === '/redirect.jpg')
      res.writeHead(302, { location: 'http://example.invalid/x.jpg' }).end();
    else res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(engines)('camera snapshots on %s', (engine) => {
  let t: TestApp;
  let camServer: Server;
  let base: string;
  let owner: Tenant;
  let siteId: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { CAMERA_PROBE_INTERVAL_MS: '0' });
    camServer = await startCameraServer();
    base = `http://127.0.0.1:${(camServer.address() as AddressInfo).port}`;
    owner = await registerCompany(t.app);
    siteId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: owner.auth,
        payload: { name: 'Site', address: 'Rue' },
      })
    ).json().id;
  });
  afterAll(async () => {
    camServer.closeAllConnections();
    await new Promise((r) => camServer.close(r));
    await t.close();
  });

  const camera = async (snapshotUrl: string | undefined, creds = true) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cameras',
      headers: owner.auth,
      payload: {
        siteId,
        name: 'Caméra',
        location: 'Hall',
        snapshotUrl,
        ...(creds ? { streamUsername: user, streamPassword: password } : {}),
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const snapshot = (id: string, tenant = owner) =>
    t.app.inject({ method: 'GET', url: `/api/cameras/${id}/snapshot`, headers: tenant.auth });

  it("serves the camera's JPEG, fetched with its credentials, never cached; agents may view it", async () => {
    const id = await camera(`${base}/snapshot.jpg`);
    const res = await snapshot(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(jpeg)).toBe(true);
    expect(res.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    const agent = await addUser(t.app, owner, 'agent');
    expect((await snapshot(id, agent)).statusCode).toBe(200);
  });

  it("answers 503 'Caméra hors ligne' when the camera refuses, is unreachable, slow, too big or not an image", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const urls = [
      `${base}/snapshot.jpg#wrong-credentials`,
      `http://127.0.0.1:${closedPort}/snapshot.jpg`,
      `${base}/slow.jpg`,
      `${base}/huge.jpg`,
      `${base}/page.html`,
      `${base}/redirect.jpg`,
    ];
    for (const [i, url] of urls.entries()) {
      const id = await camera(url, i !== 0);
      const res = await snapshot(id);
      expect(res.statusCode, url).toBe(503);
      expect(res.json().detail).toBe('Caméra hors ligne');
    }
  });

  it('answers 404 when the camera has no snapshot URL', async () => {
    const id = await camera(undefined);
    const res = await snapshot(id);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Aucune URL d'image n'est configurée pour cette caméra");
  });

  const storePassword = (id: string, value: string) =>
    t.db.withTenant(owner.company.id, (tx) =>
      tx.execute(
        sql`update cameras set stream_password = ${value} where company_id = ${owner.company.id} and id = ${id}`,
      ),
    );
  const storedPassword = async (id: string) =>
    rowsOf<{ stream_password: string }>(
      await t.db.withTenant(owner.company.id, (tx) =>
        tx.execute(
          sql`select stream_password from cameras where company_id = ${owner.company.id} and id = ${id}`,
        ),
      ),
    )[0]?.stream_password;

  it('seals at start-up a password stored in clear before sealing existed, and the snapshot still works', async () => {
    const id = await camera(`${base}/snapshot.jpg`);
    await storePassword(id, password);
    const other = await registerCompany(t.app);
    expect(await sealStoredPasswords(t.db, t.app.secrets)).toBeGreaterThanOrEqual(1);
    const sealed = await storedPassword(id);
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain(password);
    expect((await snapshot(id)).statusCode).toBe(200);
    // Nothing left to seal: a second pass changes nothing.
    expect(await sealStoredPasswords(t.db, t.app.secrets)).toBe(0);
    expect(await storedPassword(id)).toBe(sealed);
    expect((await snapshot(id, other)).statusCode).toBe(404);
  });

  it('asks for the password again (409) when it was sealed with another key', async () => {
    const id = await camera(`${base}/snapshot.jpg`);
    await storePassword(id, secretBox('a-key-this-instance-does-not-have-000000').seal(password));
    const res = await snapshot(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Le mot de passe enregistré pour cette caméra est illisible : saisissez-le de nouveau dans sa fiche',
    );
    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `/api/cameras/${id}`,
      headers: owner.auth,
      payload: { streamPassword: password },
    });
    expect(fixed.statusCode).toBe(200);
    expect((await snapshot(id)).statusCode).toBe(200);
  });
});
