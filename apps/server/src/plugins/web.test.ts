import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseContactPhones } from '../config';
import { createTestApp, type TestApp } from '../test/harness';

/** A built web app of one page, as `vite build` leaves it. */
function fakeDist() {
  const dir = mkdtempSync(join(tmpdir(), 'vigie-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Vigie</title></head><body></body></html>',
  );
  return dir;
}

describe('the web app page and its public settings', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('puts the configured phone numbers in a meta tag of every client route, escaped', async () => {
    const t = await createTestApp('pglite', {
      WEB_DIST: fakeDist(),
      CONTACT_PHONES: 'France=+33 1 23 45 67 89; Espagne = +34 910 000 123;broken;"x"=<script>',
    });
    apps.push(t);
    for (const url of ['/', '/agent', '/dashboard/sites']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const content = /<meta name="vigie-contact-phones" content="([^"]*)"/.exec(res.body)?.[1] ?? '';
      const decoded = content
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      expect(JSON.parse(decoded)).toEqual([
        { label: 'France', display: '+33 1 23 45 67 89' },
        { label: 'Espagne', display: '+34 910 000 123' },
        { label: '"x"', display: '<script>' },
      ]);
      expect(res.body).not.toContain('<script>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
  });

  it('shows no number until they are configured', async () => {
    const t = await createTestApp('pglite', { WEB_DIST: fakeDist() });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('<meta name="vigie-contact-phones" content="[]" />');
    expect(parseContactPhones(undefined)).toEqual([]);
    expect(parseContactPhones(' ; =x; y= ')).toEqual([]);
  });
});
