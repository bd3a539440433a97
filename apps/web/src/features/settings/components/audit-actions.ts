// The filter's categories of the journal's actions (their French names are in the contract,
// shared with the server's CSV export).

import { msg } from '../../../lib/i18n/i18n';

export { actionLabel } from '@vigie/contract/audit-labels';

/** Filter values: prefixes of the action codes ('' = every action); labels translated where shown. */
export const actionCategories = [
  { value: 'all', label: msg('Toutes les actions') },
  { value: 'auth.', label: msg('Connexions et sécurité du compte') },
  { value: 'settings.', label: msg('Paramètres') },
  { value: 'user.', label: msg('Utilisateurs') },
  { value: 'alarm', label: msg('Alarmes') },
  { value: 'site.', label: msg('Sites') },
  { value: 'camera.', label: msg('Caméras') },
  { value: 'access', label: msg("Contrôle d'accès") },
  { value: 'badge.', label: msg('Badges') },
  { value: 'radio', label: msg('Radio') },
  { value: 'agent.', label: msg('Agents') },
  { value: 'shift.', label: msg('Gardes') },
  { value: 'planning.', label: msg('Planning') },
  { value: 'integration_key.', label: msg("Clés d'intégration") },
  { value: 'tour.', label: msg('Rondes') },
  { value: 'report', label: msg('Rapports') },
  { value: 'security_report.', label: msg('Rapports de sécurité') },
  { value: 'lone_worker', label: msg('Travailleur isolé') },
  { value: 'retention.', label: msg('Purges (RGPD)') },
  { value: 'audit.', label: msg("Journal d'audit") },
] as const;
