import { listSites } from '@vigie/contract/sites.contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/render';
import { apiAll } from './api-client';

const site = (i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Site ${i}`,
  address: `${i} rue des Tests`,
  type: 'commercial',
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  status: 'active',
  camerasCount: 0,
  alarmsCount: 0,
  latitude: null,
  longitude: null,
  geofenceRadiusM: 200,
  requiredQualifications: [],
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('apiAll', () => {
  it('follows the next-page cursors until the last page, with the same filters', async () => {
    const { calls } = stubFetch({
      'GET /api/sites': ({ url }) => {
        const page = Number(url.searchParams.get('cursor') ?? '0');
        expect(url.searchParams.get('limit')).toBe('2');
        const items = [site(page * 2 + 1), site(page * 2 + 2)].slice(0, page === 2 ? 1 : 2);
        const headers: Record<string, string> =
          page < 2 ? { Link: `</api/sites?limit=2&cursor=${page + 1}>; rel="next"` } : {};
        return { body: items, headers };
      },
    });
    const sites = await apiAll(listSites, { query: { limit: 2 } });
    expect(sites.map((s) => s.name)).toEqual(['Site 1', 'Site 2', 'Site 3', 'Site 4', 'Site 5']);
    expect(calls).toHaveLength(3);
  });

  it('stops after the page bound', async () => {
    const { calls } = stubFetch({
      'GET /api/sites': () => ({ body: [site(1)], headers: { Link: '</api/sites?cursor=x>; rel="next"' } }),
    });
    expect(await apiAll(listSites, { query: { limit: 1 } }, 3)).toHaveLength(3);
    expect(calls).toHaveLength(3);
  });
});
