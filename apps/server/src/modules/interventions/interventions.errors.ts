import { AppError, conflict, forbidden, notFound } from '../../plugins/errors';

export const interventionErrors = {
  notFound: () => notFound('interventions.not_found', 'Intervention introuvable'),
  agentNotFound: () => notFound('interventions.agent_not_found', 'Agent introuvable'),
  siteNotFound: () => notFound('interventions.site_not_found', 'Site introuvable'),
  managersOnly: () =>
    forbidden(
      'interventions.managers_only',
      'Seuls les administrateurs et les opérateurs envoient et suivent les interventions',
    ),
  agentsOnly: () =>
    forbidden('interventions.agents_only', "Seul l'agent de l'intervention fait avancer ses étapes"),
  noAgentRecord: () =>
    forbidden(
      'interventions.no_agent',
      "Votre compte n'est lié à aucune fiche agent. Demandez à votre administrateur de la lier.",
    ),
  alarmResolved: () =>
    conflict(
      'interventions.alarm_resolved',
      "Cette alarme est résolue : aucune intervention n'est à envoyer",
    ),
  agentNotOnDuty: () =>
    conflict(
      'interventions.agent_not_on_duty',
      "Cet agent n'est pas en service : il ne peut pas être envoyé",
    ),
  agentWithoutAccount: () =>
    conflict(
      'interventions.agent_without_account',
      "Cet agent n'a pas de compte Vigie : son téléphone ne peut pas recevoir l'intervention",
    ),
  agentBusy: () => conflict('interventions.agent_busy', 'Cet agent est déjà sur une intervention en cours'),
  alreadyAsked: () =>
    conflict('interventions.already_asked', 'Cette intervention a déjà été proposée à cet agent'),
  transition: (from: string, to: string) =>
    conflict(
      'interventions.transition',
      "Impossible de passer l'intervention de « {fromLabel} » à « {toLabel} »",
      {
        fromLabel: from,
        toLabel: to,
      },
    ),
  positionRequired: () =>
    conflict(
      'interventions.position_required',
      "Position du téléphone nécessaire pour confirmer l'arrivée sur place (ou scannez un point de contrôle du site)",
    ),
  siteNotLocated: () =>
    conflict(
      'interventions.site_not_located',
      "Le site n'a pas de coordonnées : scannez un de ses points de contrôle pour confirmer l'arrivée",
    ),
  tooFar: (distance: number, allowed: number) =>
    conflict(
      'interventions.too_far',
      'Vous êtes à {distance} m du site ({allowed} m au plus) : approchez-vous ou scannez un point de contrôle du site',
      { distance, allowed },
    ),
  noCheckpointScan: () =>
    conflict(
      'interventions.no_checkpoint_scan',
      "Aucun point de contrôle de ce site n'a été scanné depuis l'acceptation de l'intervention",
    ),
  // Positions
  notOnDuty: () =>
    conflict('positions.not_on_duty', "Vous n'êtes pas en service : votre position n'est pas enregistrée"),
  noConsent: () =>
    conflict(
      'positions.no_consent',
      "Vous n'avez pas accepté la localisation pendant le service : votre position n'est pas enregistrée",
    ),
  tooFrequent: (seconds: number) =>
    new AppError(
      429,
      'positions.too_frequent',
      "Une position toutes les {seconds} secondes au plus : celle-ci n'est pas enregistrée",
      { seconds },
    ),
};
