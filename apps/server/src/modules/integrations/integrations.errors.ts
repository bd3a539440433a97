import { forbidden, notFound, unauthorized } from '../../plugins/errors';

export const integrationErrors = {
  notFound: () => notFound('integrations.not_found', "Clé d'intégration introuvable"),
  adminsOnly: () =>
    forbidden('integrations.admins_only', "Seuls les administrateurs peuvent gérer les clés d'intégration"),
  keyRequired: () => unauthorized("Clé d'intégration requise (en-tête X-Api-Key)"),
  keyInvalid: () => unauthorized("Clé d'intégration invalide ou révoquée"),
  wrongScope: () =>
    forbidden(
      'integrations.wrong_scope',
      "Cette clé n'autorise pas cette action (clé de centrale ou de lecteur)",
    ),
};
