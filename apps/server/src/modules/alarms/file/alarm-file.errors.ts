import { conflict, forbidden, invalid, notFound } from '../../../plugins/errors';

export const alarmFileErrors = {
  alarmNotFound: () => notFound('alarms.not_found', 'Alarme introuvable'),
  operatorsOnly: () =>
    forbidden(
      'alarm_file.operators_only',
      "Seuls les opérateurs et les administrateurs peuvent consulter ou compléter le dossier d'une alarme",
    ),
  closed: () =>
    conflict(
      'alarm_file.closed',
      "L'alarme est résolue : son dossier ne peut plus être modifié, seulement complété par une note ou une rectification",
    ),
  decisionRequired: () =>
    conflict(
      'alarm_file.decision_required',
      "Consignez d'abord la décision de levée de doute (positive, négative ou impossible) avant de résoudre l'alarme",
    ),
  cameraNotFound: () => invalid(['body', 'cameraId'], 'Caméra introuvable', 'not_found'),
  cameraOfAnotherSite: () =>
    invalid(['body', 'cameraId'], "La caméra doit appartenir au site de l'alarme", 'camera_site'),
  recordingNotFound: () =>
    invalid(['body', 'recordingId'], "Cet enregistrement n'appartient pas à cette caméra", 'not_found'),
  videoPeriodMissing: () =>
    invalid(
      ['body', 'from'],
      "Indiquez la période visionnée (début et fin) ou l'enregistrement consulté",
      'video_period',
    ),
  videoPeriodOrder: () =>
    invalid(['body', 'to'], 'La fin de la période doit suivre son début', 'video_period'),
  amendedNotFound: () =>
    invalid(['body', 'amendsEntryId'], "L'entrée à rectifier n'existe pas dans ce dossier", 'not_found'),
  verificationNotFound: () =>
    notFound('alarm_file.verification_not_found', "Aucun dossier d'alarme ne porte cette empreinte"),
  notClosedForSignature: () =>
    conflict(
      'alarm_file.not_closed',
      "Le dossier se signe une fois l'alarme résolue : résolvez d'abord l'alarme",
    ),
  alreadySigned: () =>
    conflict('alarm_file.already_signed', 'Ce dossier est déjà signé : il ne se signe qu’une fois'),
  signatureBase64: () =>
    invalid(['body', 'signature'], 'La signature doit être une image encodée en base64', 'signature_base64'),
  noSignature: () => notFound('alarm_file.no_signature', "Ce dossier n'est pas signé"),
  futureTime: (field: string) => invalid(['body', field], "L'heure ne peut pas être dans le futur", 'future'),
};
