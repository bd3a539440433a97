import { conflict, forbidden, notFound } from '../../plugins/errors';

export const loneWorkerErrors = {
  sessionNotFound: () => notFound('lone_worker.not_found', 'Protection travailleur isolé introuvable'),
  alertNotFound: () => notFound('lone_worker.alert_not_found', 'Alerte travailleur isolé introuvable'),
  agentsOnly: () =>
    forbidden(
      'lone_worker.agents_only',
      "La protection travailleur isolé est celle de l'agent : seul l'agent l'active depuis son téléphone",
    ),
  sosAgentsOnly: () =>
    forbidden(
      'lone_worker.sos_agents_only',
      "Le SOS du téléphone est réservé aux agents ; au centre de contrôle, utilisez le SOS d'une radio",
    ),
  noAgentRecord: () =>
    forbidden(
      'lone_worker.no_agent',
      "Votre compte n'est lié à aucune fiche agent. Demandez à votre administrateur de la lier.",
    ),
  notYours: () => forbidden('lone_worker.not_yours', "Cette protection est celle d'un autre agent"),
  managersOnly: () =>
    forbidden(
      'lone_worker.managers_only',
      'Seuls les administrateurs et les opérateurs suivent les alertes travailleur isolé',
    ),
  notOnDuty: () => conflict('lone_worker.not_on_duty', "Prenez votre service avant d'activer la protection"),
  alreadyActive: () =>
    conflict('lone_worker.already_active', 'La protection travailleur isolé est déjà active'),
  ended: () => conflict('lone_worker.ended', 'Cette protection est terminée : réactivez-la si besoin'),
  shiftOver: () =>
    conflict(
      'lone_worker.shift_over',
      "Votre service est terminé : la protection travailleur isolé s'arrête",
    ),
  alreadyAcknowledged: () =>
    conflict('lone_worker.already_acknowledged', 'Cette alerte a déjà été acquittée'),
};
