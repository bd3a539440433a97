import { planLimits, type SubscriptionPlan } from '@vigie/contract/enums';
import { type HostCheck, refusalMessage } from '../../lib/outbound-address';
import { AppError, forbidden, notFound } from '../../plugins/errors';

export const cameraErrors = {
  notFound: () => notFound('cameras.not_found', 'Caméra introuvable'),
  siteNotFound: () => notFound('cameras.site_not_found', 'Site introuvable'),
  readOnly: () =>
    forbidden(
      'cameras.read_only',
      'Les agents peuvent consulter les caméras mais pas les ajouter, les modifier ni les supprimer',
    ),
  planLimit: (plan: SubscriptionPlan, limit: number) =>
    forbidden(
      'cameras.plan_limit',
      `Limite atteinte : l'offre ${planLimits[plan].label} (${plan}) permet ${limit} caméras au maximum`,
    ),
  noSnapshot: () => notFound('cameras.no_snapshot', "Aucune URL d'image n'est configurée pour cette caméra"),
  offline: () => new AppError(503, 'cameras.offline', 'Caméra hors ligne'),
  /** A stored address the outbound policy refuses (written before the rule, or a name now internal). */
  addressRefused: (check: Extract<HostCheck, { ok: false }>) =>
    new AppError(409, 'cameras.address_refused', `Image non demandée. ${refusalMessage(check)}`),
  snapshotThrottled: () =>
    new AppError(
      429,
      'cameras.snapshot_throttled',
      "Trop d'images demandées pour les caméras de la société : réessayez dans quelques secondes",
    ),
  credentialsUnreadable: () =>
    new AppError(
      409,
      'cameras.credentials_unreadable',
      'Le mot de passe enregistré pour cette caméra est illisible : saisissez-le de nouveau dans sa fiche',
    ),
};
