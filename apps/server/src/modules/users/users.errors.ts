import { conflict, forbidden, notFound } from '../../plugins/errors';

export const userErrors = {
  notFound: () => notFound('users.not_found', 'Utilisateur introuvable'),
  emailTaken: () =>
    conflict('users.email_taken', 'Cette adresse e-mail est déjà utilisée par un autre compte'),
  adminOnly: () => forbidden('users.admin_only', 'Seul un administrateur peut gérer les utilisateurs'),
  ownerProtected: () =>
    forbidden(
      'users.owner_protected',
      "L'administrateur principal de la société ne peut être ni supprimé ni rétrogradé",
    ),
  cannotDeleteSelf: () => forbidden('users.self_delete', 'Vous ne pouvez pas supprimer votre propre compte'),
};
