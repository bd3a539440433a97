// Enumerations shared by server and web, with their French labels (spec sections 3 and 9).

export const subscriptionPlans = ['basic', 'pro', 'enterprise'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];

/** Plan limits from spec section 9; `null` means unlimited. */
export const planLimits: Record<
  SubscriptionPlan,
  { label: string; sites: number | null; agents: number | null; cameras: number | null }
> = {
  basic: { label: 'Starter', sites: 10, agents: 50, cameras: 100 },
  pro: { label: 'Professional', sites: 50, agents: 500, cameras: 1000 },
  enterprise: { label: 'Enterprise', sites: null, agents: null, cameras: null },
};

export const userRoles = ['admin', 'operator', 'agent'] as const;
export type UserRole = (typeof userRoles)[number];
export const userRoleLabels: Record<UserRole, string> = {
  admin: 'Administrateur',
  operator: 'Opérateur',
  agent: 'Agent',
};

export const languages = ['fr', 'en', 'es'] as const;
export const timezones = ['Europe/Paris', 'Europe/London', 'America/New_York'] as const;

export const demoSiteCounts = ['1-10', '11-50', '51-100', '100+'] as const;
