import { conflict, forbidden, invalid, notFound } from '../../plugins/errors';

export const panelErrors = {
  notFound: () => notFound('panels.not_found', "Centrale d'alarme introuvable"),
  siteNotFound: () => notFound('panels.site_not_found', 'Site introuvable'),
  managersOnly: () =>
    forbidden(
      'panels.managers_only',
      "Seuls les administrateurs et les opérateurs peuvent consulter et gérer les centrales d'alarme",
    ),
  accountTaken: () =>
    conflict('panels.account_taken', 'Ce numéro de compte est déjà utilisé par une centrale de la société'),
  /** A key the contract let through that the protocol cannot read (spaces around an ASCII key). */
  badKey: (message: string) => invalid(['body', 'aesKey'], message, 'panels.aes_key'),
  testUntilPast: () =>
    invalid(['body', 'testUntil'], 'La fin du mode test doit être dans le futur', 'panels.test_until'),
};
