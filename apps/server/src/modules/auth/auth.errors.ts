import { AppError, forbidden, unauthorized } from '../../plugins/errors';

export const authErrors = {
  invalidCredentials: () => unauthorized('Email ou mot de passe incorrect'),
  throttled: () =>
    new AppError(
      429,
      'auth.throttled',
      'Trop de tentatives de connexion échouées, veuillez réessayer dans 15 minutes',
    ),
  registrationThrottled: () =>
    new AppError(
      429,
      'auth.register_throttled',
      'Trop de créations de compte depuis cette adresse : veuillez réessayer dans une heure',
    ),
  ipRefused: () =>
    forbidden(
      'auth.ip_refused',
      'Accès refusé depuis cette adresse IP : elle ne figure pas dans la liste autorisée par votre administrateur',
    ),
  maintenance: () =>
    new AppError(
      503,
      'auth.maintenance',
      'Vigie est en maintenance : seuls les administrateurs peuvent se connecter pour le moment. Réessayez plus tard.',
    ),
  passwordExpired: () =>
    forbidden(
      'auth.password_expired',
      'Votre mot de passe a expiré : choisissez-en un nouveau pour continuer',
    ),
  twoFactorSetup: () =>
    forbidden(
      'auth.two_factor_setup',
      'Votre société exige la double authentification : activez-la dans Paramètres pour continuer',
    ),
  challengeInvalid: () =>
    unauthorized('Demande de connexion expirée ou invalide : saisissez de nouveau votre mot de passe'),
  codeInvalid: () => unauthorized('Code de double authentification incorrect'),
};
