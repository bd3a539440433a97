import { conflict, forbidden, invalid, notFound } from '../../plugins/errors';

export const radioErrors = {
  radioNotFound: () => notFound('radios.not_found', 'Radio introuvable'),
  unknownImei: () =>
    notFound(
      'radios.unknown_imei',
      "Radio inconnue : cet IMEI n'est enregistré dans aucune radio de la société",
    ),
  channelNotFound: () => notFound('radio_channels.not_found', 'Canal introuvable'),
  unknownChannel: () =>
    invalid(
      ['body', 'channel'],
      'Canal inconnu : créez-le dans Radio POC 4G ou vérifiez son nom',
      'radio.channel',
    ),
  communicationNotFound: () => notFound('radio_communications.not_found', 'Communication introuvable'),
  noAudio: () => notFound('radio_communications.no_audio', "Cette communication n'a pas d'enregistrement"),
  alertNotFound: () => notFound('radio_alerts.not_found', 'Alerte radio introuvable'),
  agentNotFound: () => notFound('radio.agent_not_found', 'Agent introuvable'),
  keyNotFound: () => notFound('radio.key_not_found', 'Clé de passerelle introuvable'),
  unknownMembers: (field: 'agentIds' | 'radioIds') =>
    invalid(
      ['body', field],
      field === 'agentIds' ? 'Un des agents est introuvable' : 'Une des radios est introuvable',
      'radio.members',
    ),
  imeiTaken: () => conflict('radios.imei_taken', 'Cette radio (IMEI) est déjà enregistrée'),
  channelNameTaken: () => conflict('radio_channels.name_taken', 'Un canal porte déjà ce nom'),
  alertResolved: () => conflict('radio_alerts.resolved', 'Cette alerte est déjà close'),
  alertAlreadyAcknowledged: () =>
    conflict('radio_alerts.acknowledged', 'Cette alerte est déjà prise en compte'),
  agentUnavailable: () =>
    conflict(
      'radio_alerts.agent_unavailable',
      "Cet agent n'est pas en service : choisissez un agent disponible",
    ),
  readOnly: () =>
    forbidden('radio.read_only', 'Seuls les administrateurs et les opérateurs peuvent gérer les radios'),
  adminOnly: () => forbidden('radio.admin_only', 'Réservé aux administrateurs'),
  recordingsForControlRoom: () =>
    forbidden(
      'radio.recordings_control_room',
      'Les enregistrements sont réservés aux administrateurs et aux opérateurs',
    ),
  wrongScope: () => forbidden('radio.wrong_scope', "Cette clé n'est pas une clé de passerelle radio"),
  badAudio: () =>
    invalid(
      ['body', 'audio'],
      "Format d'enregistrement non pris en charge : Ogg ou WebM (Opus), WAV ou MP3",
      'radio.audio',
    ),
};
