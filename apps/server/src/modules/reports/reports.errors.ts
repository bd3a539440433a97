import { forbidden, notFound } from '../../plugins/errors';

export const reportsErrors = {
  notFound: () => notFound('reports.not_found', 'Rapport introuvable'),
  scheduleNotFound: () => notFound('reports.schedule_not_found', 'Planification introuvable'),
  siteNotFound: () => notFound('reports.site_not_found', 'Site introuvable'),
  fileNotReady: () => notFound('reports.file_not_ready', "Le fichier du rapport n'est pas encore prêt"),
  readOnly: () =>
    forbidden('reports.managers_only', 'Seuls les administrateurs et les opérateurs ont accès aux rapports'),
};
