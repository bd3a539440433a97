import { AppError, conflict, forbidden, invalid, notFound } from '../../plugins/errors';

export const logbookErrors = {
  notFound: () => notFound('logbook.not_found', 'Entrée de main courante introuvable'),
  siteNotFound: () => notFound('logbook.site_not_found', 'Site introuvable'),
  photoNotFound: () => notFound('logbook.photo_not_found', 'Photo introuvable'),
  correctedNotFound: () =>
    invalid(['body', 'correctsId'], "L'entrée à corriger est introuvable sur ce site", 'logbook.corrects'),
  future: () =>
    invalid(
      ['body', 'occurredAt'],
      "L'heure de l'événement ne peut pas être dans le futur",
      'logbook.future',
    ),
  photoBase64: (i: number) =>
    invalid(['body', 'photos', i], 'La photo doit être une image encodée en base64', 'logbook.photo_base64'),
  notOnDuty: () =>
    forbidden(
      'logbook.not_on_duty',
      "Vous ne pouvez écrire dans la main courante que d'un site où vous êtes en service",
    ),
  clientRefTaken: () =>
    conflict(
      'logbook.client_ref_taken',
      "Cette référence d'envoi a déjà servi à une autre saisie : l'entrée n'a pas été écrite",
    ),
  notYourSite: () =>
    forbidden('logbook.not_your_site', "Vous n'avez pas accès à la main courante de ce site"),
  immutable: () =>
    new AppError(
      405,
      'logbook.append_only',
      'La main courante ne se modifie pas et ne se supprime pas : écrivez une correction (nouvelle entrée liée)',
    ),
};
