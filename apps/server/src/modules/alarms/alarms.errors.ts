import { conflict, forbidden, invalid, notFound } from '../../plugins/errors';

export const alarmErrors = {
  notFound: () => notFound('alarms.not_found', 'Alarme introuvable'),
  siteNotFound: () => notFound('alarms.site_not_found', 'Site introuvable'),
  cameraNotFound: () => notFound('alarms.camera_not_found', 'Caméra introuvable'),
  cameraOfAnotherSite: () =>
    invalid(['body', 'cameraId'], "La caméra doit appartenir au site de l'alarme", 'camera_site'),
  operatorsOnly: () =>
    forbidden(
      'alarms.operators_only',
      'Seuls les opérateurs et les administrateurs peuvent acquitter ou résoudre une alarme',
    ),
  alreadyAcknowledged: () => conflict('alarms.already_acknowledged', 'Cette alarme est déjà acquittée'),
  alreadyOpenForCamera: () =>
    conflict(
      'alarms.camera_offline_open',
      'Une alarme « Caméra hors ligne » est déjà ouverte pour cette caméra',
    ),
  alreadyResolved: () => conflict('alarms.already_resolved', 'Cette alarme est déjà résolue'),
};
