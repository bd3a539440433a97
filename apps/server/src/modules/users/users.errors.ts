import { adminPasswordRequired } from '@vigie/contract/users.contract';
import { conflict, forbidden, invalid, notFound } from '../../plugins/errors';

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
  ownerPasswordProtected: () =>
    forbidden(
      'users.owner_password_protected',
      "Le mot de passe de l'administrateur principal ne peut être changé que par lui-même, depuis son profil",
    ),
  adminPasswordMissing: () =>
    invalid(['body', 'adminPassword'], adminPasswordRequired, 'users.admin_password'),
  adminPasswordWrong: () =>
    invalid(['body', 'adminPassword'], 'Votre mot de passe est incorrect', 'users.admin_password'),
  cannotDeleteSelf: () => forbidden('users.self_delete', 'Vous ne pouvez pas supprimer votre propre compte'),
};
