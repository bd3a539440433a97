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
      `Limite atteinte : l'offre ${planLimits[plan].label} (${plan}) permet ${limit} sites au maximum`,
    ),
  hasCameras: (count: number) =>
    conflict(
      'sites.has_cameras',
      count === 1
        ? "Impossible de supprimer ce site : une caméra y est rattachée. Supprimez-la ou rattachez-la à un autre site d'abord."
        : `Impossible de supprimer ce site : ${count} caméras y sont rattachées. Supprimez-les ou rattachez-les à un autre site d'abord.`,
    ),
  hasAlarms: (count: number) =>
    conflict(
      'sites.has_alarms',
      `Impossible de supprimer ce site : son historique compte ${count} alarme${count > 1 ? 's' : ''} à conserver. Passez-le en Inactif.`,
    ),
  hasDependents: () =>
    conflict(
      'sites.has_dependents',
      'Impossible de supprimer ce site : des caméras ou des alarmes y sont rattachées.',
    ),
};
