/** Root of every security-report query: a mutation invalidates them all. */
export const securityReportsKey = ['security-reports'] as const;
