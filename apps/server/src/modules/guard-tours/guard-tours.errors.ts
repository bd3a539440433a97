import { conflict, forbidden, invalid, notFound } from '../../plugins/errors';

/** Why a scan is refused (French, shown to the agent). */
export const scanRefusals = {
  unknownLabel:
    "Étiquette non reconnue : ce QR code n'a pas été émis par Vigie ou a été modifié (copie ou faux)",
  otherCompany: "Étiquette d'une autre société : elle n'appartient pas à vos rondes",
  otherTour: "Ce point de contrôle n'appartient pas à cette ronde",
  replaced: 'Étiquette remplacée : elle a été régénérée, scannez la nouvelle étiquette imprimée',
  unknownNfc: "Tag NFC inconnu : il n'est enregistré sur aucun point de cette ronde",
} as const;

export const tourErrors = {
  notFound: () => notFound('tours.not_found', 'Ronde introuvable'),
  checkpointNotFound: () => notFound('tours.checkpoint_not_found', 'Point de contrôle introuvable'),
  roundNotFound: () => notFound('rounds.not_found', 'Passage de ronde introuvable'),
  readOnly: () =>
    forbidden('tours.read_only', 'Seuls les administrateurs et les opérateurs peuvent gérer les rondes'),
  notYourRound: () => forbidden('rounds.not_yours', 'Cette ronde est attribuée à un autre agent'),
  siteNotFound: () => invalid(['body', 'siteId'], 'Site introuvable', 'tours.site'),
  agentNotFound: () => invalid(['body', 'agentId'], 'Agent introuvable', 'rounds.agent'),
  agentRequired: () =>
    invalid(['body', 'agentId'], "Choisissez l'agent qui effectue la ronde", 'rounds.agent_required'),
  notOnDuty: () =>
    conflict(
      'rounds.not_on_duty',
      "Vous n'êtes pas en service sur ce site : prenez votre service avant de lancer la ronde",
    ),
  checkpointUnknownId: (i: number) =>
    invalid(
      ['body', 'checkpoints', i, 'id'],
      "Ce point de contrôle n'appartient pas à cette ronde",
      'tours.checkpoint',
    ),
  nfcTaken: () =>
    conflict('tours.nfc_taken', 'Ce tag NFC est déjà utilisé par un autre point de contrôle de la société'),
  notQr: () => conflict('tours.not_qr', "Ce point de contrôle est un tag NFC : il n'a pas d'étiquette QR"),
  noLabels: () => conflict('tours.no_labels', "Cette ronde n'a aucun point à étiquette QR à imprimer"),
  alreadyStarted: () => conflict('rounds.already_started', 'Cette ronde est déjà démarrée'),
  notStarted: () => conflict('rounds.not_started', 'Démarrez la ronde avant de scanner ses points'),
  closed: () => conflict('rounds.closed', 'Cette ronde est terminée : elle ne prend plus de scan'),
  refused: (reason: string) => invalid(['body', 'code'], reason, 'rounds.scan_refused'),
  alreadyScanned: () =>
    conflict('rounds.already_scanned', 'Ce point de contrôle a déjà été scanné pendant cette ronde'),
  clientRefTaken: () =>
    conflict(
      'rounds.client_ref_taken',
      "Cette référence d'envoi a déjà servi à une autre saisie : le scan n'a pas été enregistré",
    ),
  scanInFuture: () =>
    invalid(
      ['body', 'scannedAt'],
      "L'heure du scan est dans le futur : vérifiez l'heure du téléphone",
      'rounds.scanned_at_future',
    ),
  scanBeforeRound: () =>
    invalid(
      ['body', 'scannedAt'],
      "L'heure du scan précède le début de la ronde : ce passage n'a pas pu avoir lieu pendant cette ronde",
      'rounds.scanned_at_before_round',
    ),
  scanTooOld: (hours: number) =>
    invalid(
      ['body', 'scannedAt'],
      'Scan trop ancien : un passage enregistré hors connexion doit être envoyé dans les {hours} h',
      'rounds.scanned_at_too_old',
      { hours },
    ),
  photo: () =>
    invalid(['body', 'photo'], 'La photo doit être une image JPEG ou PNG encodée en base64', 'rounds.photo'),
};
