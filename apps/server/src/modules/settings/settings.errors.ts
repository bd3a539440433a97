import { AppError, conflict, forbidden, notFound } from '../../plugins/errors';

export const settingsErrors = {
  adminOnly: () => forbidden('settings.admin_only', 'Réservé aux administrateurs : paramètres de la société'),
  companyNotFound: () => notFound('settings.company_not_found', 'Société introuvable'),
  selfExclusion: (ip: string) =>
    conflict(
      'settings.ip_self_exclusion',
      "Cette liste n'autorise pas votre adresse actuelle ({ip}) : une fois enregistrée, vous seriez déconnecté et ne pourriez plus vous reconnecter d'ici. Ajoutez votre adresse ou confirmez l'enregistrement.",
      { ip },
    ),
  noLogo: () => notFound('settings.no_logo', "La société n'a pas de logo"),
  logoTooLarge: () => new AppError(413, 'settings.logo_too_large', 'Le logo ne doit pas dépasser 2 Mo'),
  backupNotFound: () => notFound('settings.backup_not_found', 'Sauvegarde introuvable'),
  backupsUnavailable: (why: string) => conflict('settings.backups_unavailable', why),
  backupRunning: () =>
    conflict(
      'settings.backup_running',
      'Une sauvegarde est déjà en cours : réessayez dans quelques instants',
    ),
};
