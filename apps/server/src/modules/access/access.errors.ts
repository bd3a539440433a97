import { conflict, forbidden, invalid, notFound } from '../../plugins/errors';

export const accessErrors = {
  badgeNotFound: () => notFound('badges.not_found', 'Badge introuvable'),
  pointNotFound: () => notFound('access_points.not_found', "Point d'accès introuvable"),
  keyNotFound: () => notFound('access_points.key_not_found', 'Clé de lecteur introuvable'),
  siteNotFound: () => notFound('access.site_not_found', 'Site introuvable'),
  agentNotFound: () => notFound('access.agent_not_found', 'Agent introuvable'),
  readOnly: () =>
    forbidden(
      'access.read_only',
      "Seuls les administrateurs et les opérateurs peuvent gérer le contrôle d'accès",
    ),
  retentionAdminOnly: () =>
    forbidden(
      'access.retention_admin_only',
      'Seuls les administrateurs peuvent modifier la durée de conservation',
    ),
  adminOnly: () => forbidden('access.admin_only', 'Réservé aux administrateurs : clés de lecteur'),
  numberTaken: () => conflict('badges.number_taken', 'Ce numéro de badge est déjà attribué'),
  uidTaken: () => conflict('badges.nfc_uid_taken', 'Cet UID NFC est déjà enregistré sur un autre badge'),
  notQr: () => conflict('badges.not_qr', "Ce badge est un badge NFC : il n'a pas de QR code"),
  unknownPoints: () =>
    invalid(['body', 'allowedPointIds'], "Un des points d'accès autorisés est introuvable", 'badges.points'),
  unknownSites: () =>
    invalid(['body', 'allowedSiteIds'], 'Un des sites autorisés est introuvable', 'badges.sites'),
};
