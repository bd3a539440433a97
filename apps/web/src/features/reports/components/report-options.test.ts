import { describe, expect, it } from 'vitest';
import { ALL_SITES, quickTypeOptions, quickTypeToReport, siteOptionsOf } from './report-options';

describe('report options', () => {
  it("offers 'Tous les rapports' first in the quick selector and generates it as the security report", () => {
    expect(quickTypeOptions()[0]).toEqual({ value: 'all', label: 'Tous les rapports' });
    expect(quickTypeOptions().map((o) => o.label)).toContain("Rapport d'accès");
    expect(quickTypeToReport('all')).toBe('security');
    expect(quickTypeToReport('cameras')).toBe('cameras');
  });

  it("lists 'Tous les sites' then the company's sites", () => {
    expect(siteOptionsOf([{ id: 's1', name: 'Entrepôt Nord' }])).toEqual([
      { value: ALL_SITES, label: 'Tous les sites' },
      { value: 's1', label: 'Entrepôt Nord' },
    ]);
    expect(siteOptionsOf(undefined)).toHaveLength(1);
  });
});
