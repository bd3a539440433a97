// Enumerations shared by server and web, with their French labels.
//
// The rule for enum values: a new enum's values are English codes (lower case, snake_case when
// they are several words) with a French label map beside them, as `siteStatuses` and
// `siteStatusLabels` or `cameraTypes` and `cameraTypeLabels` do. The API then keeps its values when
// a wording changes, and the labels are the one place where the French is written.
//
// The exceptions are the enums whose French values the product specification fixes: the API shows
// them as they are, so they stay French. `frenchValuedEnums` (below) lists them. A few other enums
// got French values before this rule (the report statuses, the system component statuses, the
// access point kinds): they keep them, since renaming a value would change the API, but they are
// not a model. No existing value is renamed, French or English.
import type * as badges from './access/badges';
import type * as accessLogs from './access/logs';
import type * as accessPoints from './access/points';
import type * as agents from './agents.contract';
import type * as cameras from './cameras.contract';
import type * as dashboard from './dashboard.contract';
import type * as planning from './planning.contract';
import type * as securityReports from './security-reports.contract';
import type * as sites from './sites.contract';

export const subscriptionPlans = ['basic', 'pro', 'enterprise'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];

/** What each plan allows, as the landing page's pricing cards say; `null` means unlimited. */
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

/** The modules that declare an enum with French values, for the compiler's check of the list below. */
type FrenchValuedModules = {
  'access/badges': typeof badges;
  'access/logs': typeof accessLogs;
  'access/points': typeof accessPoints;
  'agents.contract': typeof agents;
  'cameras.contract': typeof cameras;
  'dashboard.contract': typeof dashboard;
  'planning.contract': typeof planning;
  'security-reports.contract': typeof securityReports;
  'sites.contract': typeof sites;
};
type FrenchValuedEnum = {
  [M in keyof FrenchValuedModules]: {
    /** Where the enum is declared (under packages/contract/src). */
    module: M;
    /** The exported list of values. */
    name: keyof FrenchValuedModules[M] & string;
    /** The values as the specification gives them. */
    spec: string;
  };
}[keyof FrenchValuedModules];

/**
 * The enums whose French values the product specification fixes (the API contract shows them):
 * they stay French and are never renamed. Every other enum follows the rule at the top of this file.
 */
export const frenchValuedEnums = [
  { module: 'sites.contract', name: 'siteTypes', spec: 'commercial, industriel, residentiel, public' },
  { module: 'cameras.contract', name: 'cameraStatuses', spec: "'En ligne' means online" },
  { module: 'dashboard.contract', name: 'dashboardSeverities', spec: 'critique, important, moyen, faible' },
  { module: 'access/logs', name: 'accessLogStatuses', spec: 'Autorisé or Refusé' },
  { module: 'access/badges', name: 'badgeStatuses', spec: 'Actif or other' },
  { module: 'access/points', name: 'accessPointStatuses', spec: 'Actif, Maintenance or other' },
  { module: 'agents.contract', name: 'agentStatuses', spec: 'actif, repos, en congé, indisponible' },
  {
    module: 'agents.contract',
    name: 'agentSpecialities',
    spec: 'Surveillance, Intervention, Cynophile, Incendie, Accueil, Rondier',
  },
  { module: 'planning.contract', name: 'shiftStatuses', spec: 'En cours, Programmé, Terminé, Annulé' },
  {
    module: 'security-reports.contract',
    name: 'incidentTypes',
    spec: 'intrusion, vol, vandalisme, alarme, incendie, autre',
  },
] as const satisfies readonly FrenchValuedEnum[];
