// The filter's categories of the journal's actions (their French names are in the contract,
// shared with the server's CSV export).

export { actionLabel } from '@vigie/contract/audit-labels';

/** Filter values: prefixes of the action codes ('' = every action). */
export const actionCategories = [
  { value: 'all', label: 'Toutes les actions' },
  { value: 'auth.', label: 'Connexions et sécurité du compte' },
  { value: 'settings.', label: 'Paramètres' },
  { value: 'user.', label: 'Utilisateurs' },
  { value: 'alarm', label: 'Alarmes' },
  { value: 'site.', label: 'Sites' },
  { value: 'camera.', label: 'Caméras' },
  { value: 'access', label: "Contrôle d'accès" },
  { value: 'badge.', label: 'Badges' },
  { value: 'radio', label: 'Radio' },
  { value: 'agent.', label: 'Agents' },
  { value: 'shift.', label: 'Gardes' },
  { value: 'planning.', label: 'Planning' },
  { value: 'integration_key.', label: "Clés d'intégration" },
  { value: 'tour.', label: 'Rondes' },
  { value: 'report', label: 'Rapports' },
  { value: 'security_report.', label: 'Rapports de sécurité' },
  { value: 'lone_worker', label: 'Travailleur isolé' },
  { value: 'retention.', label: 'Purges (RGPD)' },
  { value: 'audit.', label: "Journal d'audit" },
] as const;
