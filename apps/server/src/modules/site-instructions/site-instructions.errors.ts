import { forbidden, notFound } from '../../plugins/errors';

export const siteInstructionErrors = {
  // The sites module's code and words: to the caller, an unknown site is the same answer everywhere.
  siteNotFound: () => notFound('sites.not_found', 'Site introuvable'),
  readOnly: () =>
    forbidden(
      'site_instructions.read_only',
      'Seuls les administrateurs et les opérateurs peuvent modifier les consignes du site',
    ),
};
