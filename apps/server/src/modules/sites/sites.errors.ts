import { planLimits, type SubscriptionPlan } from '@vigie/contract/enums';
import { conflict, forbidden, notFound } from '../../plugins/errors';

export const siteErrors = {
  notFound: () => notFound('sites.not_found', 'Site introuvable'),
  readOnly: () =>
    forbidden(
      'sites.read_only',
      'Les agents peuvent consulter les sites mais pas les créer, les modifier ni les supprimer',
    ),
  planLimit: (plan: SubscriptionPlan, limit: number) =>
    forbidden(
      'sites.plan_limit',
      "Limite atteinte : l'offre {planLabel} ({plan}) permet {limit} sites au maximum",
      { planLabel: planLimits[plan].label, plan, limit },
    ),
  hasCameras: (count: number) =>
    conflict(
      'sites.has_cameras',
      count === 1
        ? "Impossible de supprimer ce site : une caméra y est rattachée. Supprimez-la ou rattachez-la à un autre site d'abord."
        : "Impossible de supprimer ce site : {count} caméras y sont rattachées. Supprimez-les ou rattachez-les à un autre site d'abord.",
      { count },
    ),
  hasAlarms: (count: number) =>
    conflict(
      'sites.has_alarms',
      // `{count}`, not `#`: French keeps its digits unformatted, as before (1000, not 1 000).
      'Impossible de supprimer ce site : son historique compte {count, plural, one {{count} alarme} other {{count} alarmes}} à conserver. Passez-le en Inactif.',
      { count },
    ),
  hasDependents: () =>
    conflict(
      'sites.has_dependents',
      'Impossible de supprimer ce site : des caméras ou des alarmes y sont rattachées.',
    ),
};
