import { forbidden } from '../../plugins/errors';

export const auditErrors = {
  adminOnly: () => forbidden('audit.admin_only', "Réservé aux administrateurs : journal d'audit"),
};
