import { AppError, unauthorized } from '../../plugins/errors';

export const authErrors = {
  invalidCredentials: () => unauthorized('Email ou mot de passe incorrect'),
  throttled: () =>
    new AppError(
      429,
      'auth.throttled',
      'Trop de tentatives de connexion échouées, veuillez réessayer dans 15 minutes',
    ),
};
