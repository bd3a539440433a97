import { planLimits, type SubscriptionPlan } from '@vigie/contract/enums';
import type { RuleViolationDto } from '@vigie/contract/planning.contract';
import { AppError, conflict, forbidden, invalid, notFound } from '../../plugins/errors';

export const planningErrors = {
  agentNotFound: () => notFound('agents.not_found', 'Agent introuvable'),
  shiftNotFound: () => notFound('shifts.not_found', 'Garde introuvable'),
  siteNotFound: () => notFound('planning.site_not_found', 'Site introuvable'),
  readOnly: () =>
    forbidden('planning.read_only', 'Seuls les administrateurs et les opérateurs peuvent gérer le planning'),
  adminOnly: () =>
    forbidden(
      'planning.admin_only',
      "Réservé aux administrateurs : l'export paie contient des données personnelles",
    ),
  planLimit: (plan: SubscriptionPlan, limit: number) =>
    forbidden(
      'agents.plan_limit',
      "Limite atteinte : l'offre {planLabel} ({plan}) permet {limit} agents au maximum",
      { planLabel: planLimits[plan].label, plan, limit },
    ),
  badgeTaken: () => conflict('agents.badge_taken', 'Ce matricule est déjà attribué à un autre agent'),
  userNotAgent: () =>
    invalid(['body', 'userId'], 'Le compte lié doit être un utilisateur de rôle Agent', 'agents.user_role'),
  userNotFound: () => notFound('agents.user_not_found', 'Compte utilisateur introuvable'),
  userTaken: () => conflict('agents.user_taken', 'Ce compte utilisateur est déjà lié à un autre agent'),
  agentHasShifts: (n: number) =>
    conflict(
      'agents.has_shifts',
      'Impossible de supprimer cet agent : {count, plural, one {{count} garde} other {{count} gardes}} à conserver pour la paie. Passez-le en Indisponible.',
      { count: n },
    ),
  noPhoto: () => notFound('agents.no_photo', "Cet agent n'a pas de photo"),
  /** Every rule broken, one validation issue each (422). */
  rulesBroken: (violations: RuleViolationDto[]) =>
    new AppError(
      422,
      'planning.rules',
      violations.map((v) => ({ loc: ['rules', v.code], msg: v.message, type: `planning.${v.code}` })),
    ),
  overrideNotAllowed: () =>
    forbidden(
      'planning.override_admin',
      'Seul un administrateur peut passer outre les règles du temps de travail',
    ),
  invalidTimes: (msg: string) => invalid(['body', 'breakStart'], msg, 'planning.times'),
  notEditable: (status: string) =>
    conflict(
      'shifts.not_editable',
      'Cette garde est « {statusLabel} » : seule une garde programmée peut être modifiée',
      { statusLabel: status },
    ),
  notCancellable: (status: string) =>
    conflict('shifts.not_cancellable', 'Cette garde est « {statusLabel} » : elle ne peut plus être annulée', {
      statusLabel: status,
    }),
  notDeletable: () =>
    conflict(
      'shifts.not_deletable',
      'Seule une garde programmée jamais commencée peut être supprimée ; annulez-la plutôt',
    ),
  // Clock-in and clock-out.
  notYourShift: () => forbidden('clock.not_your_shift', "Cette garde n'est pas la vôtre"),
  noAgentRecord: () =>
    forbidden(
      'clock.no_agent',
      "Votre compte n'est lié à aucune fiche agent. Demandez à votre administrateur de la lier.",
    ),
  tooEarly: (opensAt: string) =>
    conflict(
      'clock.too_early',
      'Trop tôt : la prise de service ouvre à {opensAt}, 30 minutes avant le début de la garde.',
      { opensAt },
    ),
  tooLate: () =>
    conflict('clock.too_late', 'Cette garde est terminée : la prise de service n’est plus possible.'),
  alreadyStarted: () => conflict('clock.already_started', 'Service déjà commencé pour cette garde'),
  notStarted: () => conflict('clock.not_started', "Le service de cette garde n'a pas commencé"),
  alreadyEnded: () => conflict('clock.already_ended', 'Service déjà terminé pour cette garde'),
  cancelled: () => conflict('clock.cancelled', 'Cette garde a été annulée'),
  tooFar: (distance: number, allowed: number) =>
    invalid(
      ['body'],
      'Position hors du site : vous êtes à {distance} m du site ({allowed} m acceptés). Rapprochez-vous du site et réessayez.',
      'clock.too_far',
      { distance, allowed },
    ),
  inaccurate: (accuracy: number, max: number) =>
    invalid(
      ['body', 'accuracy'],
      'Position trop imprécise ({accuracy} m, {max} m au plus) : activez la localisation précise (GPS) et réessayez en extérieur.',
      'clock.inaccurate',
      { accuracy, max },
    ),
};
