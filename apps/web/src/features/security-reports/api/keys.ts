/** Root of every security-report query: a mutation invalidates them all. */
export const securityReportsKey = ['security-reports'] as const;

export const securityReportsKeys = {
  list: [...securityReportsKey, 'list'] as const,
  sites: [...securityReportsKey, 'sites'] as const,
  agents: [...securityReportsKey, 'agents'] as const,
  /** The public check of a final report's fingerprint (no session), outside the root. */
  verification: (fingerprint: string) => ['verification', fingerprint] as const,
};
