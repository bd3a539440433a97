import { planLimits, type SubscriptionPlan } from '@vigie/contract/enums';
import { type HostCheck, refusalMessage } from '../../lib/outbound-address';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors';

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
      "Limite atteinte : l'offre {planLabel} ({plan}) permet {limit} caméras au maximum",
      { planLabel: planLimits[plan].label, plan, limit },
    ),
  noSnapshot: () => notFound('cameras.no_snapshot', "Aucune URL d'image n'est configurée pour cette caméra"),
  offline: () => new AppError(503, 'cameras.offline', 'Caméra hors ligne'),
  /** A stored address the outbound policy refuses (written before the rule, or a name now internal). */
  addressRefused: (check: Extract<HostCheck, { ok: false }>) =>
    new AppError(409, 'cameras.address_refused', 'Image non demandée. {reasonLabel}', {
      reasonLabel: refusalMessage(check),
    }),
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
  // PTZ through ONVIF (ptz/).
  notPtz: () =>
    conflict('cameras.not_ptz', "Cette caméra n'est pas motorisée : seules les caméras PTZ s'orientent"),
  noOnvif: () =>
    conflict(
      'cameras.no_onvif',
      'Adresse ONVIF non configurée pour cette caméra : renseignez-la dans ses paramètres',
    ),
  ptzReadOnly: () =>
    forbidden(
      'cameras.ptz_read_only',
      'Les agents peuvent regarder les caméras mais pas les orienter : demandez au poste de contrôle',
    ),
  /** The stored ONVIF address is one the outbound policy refuses: no command leaves. */
  ptzAddressRefused: (check: Extract<HostCheck, { ok: false }>) =>
    new AppError(422, 'cameras.address_refused', 'Commande non envoyée. {reasonLabel}', {
      reasonLabel: refusalMessage(check),
    }),
  presetNotFound: () => notFound('cameras.preset_not_found', "Ce préréglage n'existe pas sur la caméra"),
  ptzTimeout: () => new AppError(504, 'cameras.ptz_timeout', 'La caméra ne répond pas (ONVIF)'),
  ptzUnreachable: () =>
    new AppError(502, 'cameras.ptz_unreachable', 'La caméra ne répond pas (ONVIF) : connexion impossible'),
  ptzUnauthorized: () =>
    new AppError(
      502,
      'cameras.ptz_unauthorized',
      "La caméra refuse l'identifiant ou le mot de passe (ONVIF) : vérifiez-les dans sa fiche",
    ),
  ptzUnsupported: () =>
    new AppError(
      502,
      'cameras.ptz_unsupported',
      "La caméra ne propose pas de commande PTZ (ONVIF) : vérifiez l'adresse ONVIF et le type de caméra",
    ),
  ptzRefused: () => new AppError(502, 'cameras.ptz_refused', 'La caméra a refusé la commande (ONVIF)'),
  // Live video, stills and clips (video/, recordings/).
  videoUnavailable: () =>
    new AppError(
      503,
      'cameras.video_unavailable',
      "Vidéo indisponible : ffmpeg n'est pas installé sur le serveur",
    ),
  noStream: () =>
    conflict(
      'cameras.no_stream',
      "Aucune URL de flux n'est configurée pour cette caméra : renseignez-la dans sa fiche",
    ),
  streamAddressRefused: (check: Extract<HostCheck, { ok: false }>) =>
    new AppError(409, 'cameras.address_refused', 'Flux non ouvert. {reasonLabel}', {
      reasonLabel: refusalMessage(check),
    }),
  tooManyStreams: (max: number) =>
    new AppError(
      503,
      'cameras.too_many_streams',
      'Trop de flux vidéo ouverts sur le serveur ({max} au plus) : fermez des vues et réessayez',
      { max },
    ),
  noPicture: () =>
    new AppError(
      504,
      'cameras.no_picture',
      "La caméra n'envoie pas d'image : capture impossible pour le moment",
    ),
  alarmNotFound: () => notFound('alarms.not_found', 'Alarme introuvable'),
  recordingNotFound: () => notFound('cameras.recording_not_found', 'Vidéo introuvable'),
  recordingNotRunning: () =>
    conflict('cameras.recording_not_running', "Ce clip n'est plus en cours d'enregistrement"),
  recordingNotReady: () =>
    conflict(
      'cameras.recording_not_ready',
      "Ce clip est encore en cours d'enregistrement : arrêtez-le d'abord",
    ),
  clipAlreadyRunning: () =>
    conflict('cameras.clip_running', "Un clip de cette caméra est déjà en cours d'enregistrement"),
  videoReadOnly: () =>
    forbidden(
      'cameras.video_read_only',
      'Les agents peuvent regarder les caméras mais pas enregistrer : demandez au poste de contrôle',
    ),
  holdAdminOnly: () =>
    forbidden(
      'cameras.hold_admin_only',
      'Seul un administrateur peut placer ou lever une conservation judiciaire',
    ),
};
