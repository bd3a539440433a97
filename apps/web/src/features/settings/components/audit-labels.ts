// French names of the journal details' keys and of the enum-like values in them (the server stores
// stable English codes; the values' names are the contract's). The actions' names: audit-actions.ts;
// the objects' names (the entities, the records named instead of their ids): audit-objects.ts.

import { badgeTypeLabels } from '@vigie/contract/access/badges';
import { accessPointKindLabels } from '@vigie/contract/access/points';
import { agentLevelLabels, agentStatusLabels } from '@vigie/contract/agents.contract';
import {
  alarmSeverityLabels,
  alarmSourceLabels,
  alarmStatusLabels,
  alarmTypeLabels,
} from '@vigie/contract/alarms.contract';
import { cameraTypeLabels } from '@vigie/contract/cameras.contract';
import { planLimits, userRoleLabels } from '@vigie/contract/enums';
import { checkpointKindLabels, tourOrderModeLabels } from '@vigie/contract/guard-tours.contract';
import { loneWorkerEndReasonLabels } from '@vigie/contract/lone-worker.contract';
import { shiftTypeLabels } from '@vigie/contract/planning.contract';
import { channelPriorityLabels, channelTypeLabels, radioStatusLabels } from '@vigie/contract/radio.contract';
import { emergencyCategoryLabels } from '@vigie/contract/radio-traffic/communications';
import { reportFrequencyLabels, reportTypeLabels } from '@vigie/contract/reports.contract';
import { securityReportStatusLabels } from '@vigie/contract/security-reports.contract';
import { backupFrequencyLabels, logLevelLabels } from '@vigie/contract/settings/system';
import { siteStatusLabels, siteTypeLabels } from '@vigie/contract/sites.contract';
import { formatDateTime } from '../../../lib/format';
import { msg, t } from '../../../lib/i18n/i18n';

/**
 * French names of the details' keys (the server writes stable English keys) and of the field
 * names listed in `fields` and `changes`; an unknown key is shown as it is.
 */
const detailLabels: Record<string, string> = {
  accessPointId: "Point d'accès",
  account: 'Numéro de compte',
  accuracyM: 'Précision (m)',
  address: 'Adresse',
  agent: 'Agent',
  agentId: 'Agent',
  agentIds: 'Agents',
  agentName: 'Agent',
  agents: 'Agents',
  alarmId: 'Alarme',
  alarmResponses: 'Alarmes actives et passives',
  alarmTitle: 'Alarme',
  allowedPointIds: "Points d'accès autorisés",
  allowedSiteIds: 'Sites autorisés',
  assignedSiteId: 'Site affecté',
  at: 'Date',
  autoBackup: 'Sauvegarde automatique',
  autoLogout: 'Déconnexion automatique',
  automatic: 'Automatique',
  backupFrequency: 'Fréquence des sauvegardes',
  badge: 'Matricule',
  badgeId: 'Numéro de badge',
  body: 'Message',
  breakEnd: 'Fin de pause',
  breakStart: 'Début de pause',
  bytes: 'Taille (octets)',
  category: 'Catégorie',
  change: 'Changement',
  changes: 'Modifications',
  channel: 'Canal',
  channelId: 'Canal',
  checkpointId: 'Point de contrôle',
  checkpoints: 'Points de contrôle',
  city: 'Ville',
  cnapsAuthorisation: 'Autorisation CNAPS',
  cnapsExpiresOn: 'Expiration de la carte CNAPS',
  cnapsNumber: 'Carte professionnelle CNAPS',
  comments: 'Commentaires',
  contactEmail: 'E-mail du contact',
  contactName: 'Contact',
  contactPhone: 'Téléphone du contact',
  contacts: "Liste d'appel",
  contentType: 'Type de fichier',
  count: 'Nombre',
  criticalOnly: 'Critiques uniquement',
  currentChannelId: 'Canal actuel',
  date: 'Date',
  department: 'Service',
  description: 'Description',
  distanceM: 'Distance (m)',
  dueAt: 'Échéance',
  email: 'E-mail',
  emailAlerts: 'Alertes par e-mail',
  emergency: 'Urgence',
  end: 'Fin',
  endDate: 'Date de fin',
  endTime: 'Heure de fin',
  expectedMinutes: 'Durée prévue (min)',
  expiryDate: "Date d'expiration",
  fields: 'Champs modifiés',
  filters: 'Filtres',
  final: 'Version définitive',
  fingerprint: 'Empreinte',
  format: 'Format',
  frequency: 'Fréquence',
  from: 'Du',
  geofenceRadiusM: 'Rayon de pointage (m)',
  geolocation: 'Géolocalisation',
  hasAesKey: 'Clé AES',
  hireDate: "Date d'embauche",
  holder: 'Titulaire',
  holderName: 'Titulaire',
  id: 'Identifiant',
  imei: 'IMEI',
  improvements: 'Améliorations',
  incidents: 'Incidents',
  interventions: 'Interventions',
  ip: 'Adresse IP',
  ipAddress: 'Adresse IP',
  ipWhitelist: 'Adresses IP autorisées',
  kind: 'Nature',
  language: 'Langue',
  latitude: 'Latitude',
  legalName: 'Raison sociale',
  length: 'Longueur',
  level: 'Niveau',
  lines: 'Lignes',
  location: 'Emplacement',
  logbookEntryId: 'Entrée de main courante',
  logLevel: 'Niveau de journalisation',
  logo: 'Logo',
  longitude: 'Longitude',
  maintenanceMode: 'Mode maintenance',
  maintenanceNotifications: 'Notifications de maintenance',
  minutes: 'Minutes écoulées',
  missed: 'Points manqués',
  month: 'Mois',
  motionDetection: 'Détection de mouvement',
  name: 'Nom',
  nfcUid: 'Identifiant NFC',
  nightVision: 'Vision nocturne',
  note: 'Note',
  number: 'Numéro',
  observations: 'Observations',
  onSiteBy: 'Arrivée confirmée par',
  orderMode: 'Ordre de passage',
  overrideReason: 'Motif de dérogation',
  password: 'Mot de passe',
  passwordExpiry: 'Expiration du mot de passe',
  periodEnd: 'Fin de période',
  periodStart: 'Début de période',
  phone: 'Téléphone',
  photoIds: 'Photos',
  position: 'Position transmise',
  previousAgentName: 'Agent précédent',
  priority: 'Priorité',
  pushNotifications: 'Notifications push',
  qualifications: 'Qualifications',
  radio: 'Radio',
  radioId: 'Radio',
  radioIds: 'Radios',
  radios: 'Radios',
  reason: 'Motif',
  recipients: 'Destinataires',
  recording: 'Enregistrement',
  recordingId: 'Vidéo',
  removed: 'Supprimés',
  repairs: 'Réparations',
  requiredQualifications: 'Qualifications requises',
  resolution: 'Résolution',
  responseTargets: 'Délais de réponse',
  responsibleName: 'Responsable',
  responsibleSignature: 'Signature du responsable',
  retentionDays: 'Conservation (jours)',
  retentionPeriod: 'Durée de conservation',
  role: 'Rôle',
  roundId: 'Passage de ronde',
  rtspUrl: 'Flux RTSP',
  schedule: 'Planification',
  scope: 'Portée',
  seconds: 'Durée (s)',
  selfExcluded: 'Propre adresse exclue',
  serialNumber: 'Numéro de série',
  service: 'Service push',
  sessionId: 'Session',
  sessionsClosed: 'Sessions fermées',
  sessionTimeout: "Délai d'inactivité",
  severity: 'Gravité',
  sha256: 'Empreinte SHA-256',
  shifts: 'Gardes',
  shiftType: 'Type de garde',
  signed: 'Signé',
  siret: 'SIRET',
  site: 'Site',
  siteId: 'Site',
  size: 'Taille (octets)',
  smsAlerts: 'Alertes par SMS',
  snapshotUrl: 'Image instantanée',
  source: 'Source',
  speciality: 'Spécialité',
  start: 'Début',
  startDate: 'Date de début',
  started: 'Début',
  startTime: 'Heure de début',
  status: 'Statut',
  steps: "Consignes d'intervention",
  streamPassword: 'Mot de passe du flux',
  streamUsername: 'Utilisateur du flux',
  subscription: 'Abonnement',
  targetMinutes: "Délai d'arrivée (min)",
  text: 'Texte',
  timeWindows: 'Plages horaires',
  timezone: 'Fuseau horaire',
  title: 'Titre',
  to: 'Au',
  tour: 'Ronde',
  twoFactorAuth: 'Double authentification',
  type: 'Type',
  userId: 'Utilisateur',
  version: 'Version',
  weekendAlerts: 'Alertes le week-end',
  with: 'Méthode',
};

/** A key's name in the user's language, or the key itself when this version does not know it. */
export function detailLabel(key: string): string {
  const label = detailLabels[key];
  return label === undefined ? key : t(label);
}

type Labels = Readonly<Record<string, string>>;

/** French names of the values of enum-like keys, whatever the object. */
const valueLabels: Record<string, Labels> = {
  backupFrequency: backupFrequencyLabels,
  category: emergencyCategoryLabels,
  frequency: reportFrequencyLabels,
  level: agentLevelLabels,
  logLevel: logLevelLabels,
  onSiteBy: {
    geofence: msg('Position du téléphone (géorepérage)'),
    checkpoint: msg('Point de contrôle scanné'),
  },
  orderMode: tourOrderModeLabels,
  priority: channelPriorityLabels,
  role: userRoleLabels,
  severity: alarmSeverityLabels,
  shiftType: shiftTypeLabels,
  source: alarmSourceLabels,
  subscription: Object.fromEntries(Object.entries(planLimits).map(([plan, limits]) => [plan, limits.label])),
  with: { password: msg('Mot de passe'), two_factor: msg('Double authentification') },
};

/**
 * French names of the values of keys whose meaning depends on the object (the action's prefix:
 * `alarm.created` → `alarm`); `reason` is free text but for the lone worker's ends.
 */
const objectValueLabels: Record<string, Record<string, Labels>> = {
  access_point: { kind: accessPointKindLabels },
  agent: { status: agentStatusLabels },
  alarm: { status: alarmStatusLabels, type: alarmTypeLabels },
  badge: { type: badgeTypeLabels },
  camera: { type: cameraTypeLabels },
  // A device key's scope: what it may call.
  integration_key: {
    scope: { alarms: msg('Alarmes'), radio: msg('Radios'), access_point: msg("Point d'accès") },
  },
  lone_worker: { reason: loneWorkerEndReasonLabels },
  radio: { status: radioStatusLabels },
  radio_channel: { type: channelTypeLabels },
  report: { type: reportTypeLabels },
  report_schedule: { type: reportTypeLabels },
  security_report: { status: securityReportStatusLabels },
  site: { status: siteStatusLabels, type: siteTypeLabels },
  tour: { kind: checkpointKindLabels },
};

const own = (labels: Labels | undefined, value: string) =>
  labels && Object.hasOwn(labels, value) ? labels[value] : undefined;

/**
 * An enum-like value's name in the user's language (`alarm`, `severity`, `critical` → 'Critique'),
 * or the value itself.
 */
export function valueLabel(object: string, key: string, value: string): string {
  const label = own(objectValueLabels[object]?.[key], value) ?? own(valueLabels[key], value);
  return label === undefined ? value : t(label);
}

/** « Nom : Poste de garde » (French puts a space before the colon; English and Spanish do not). */
const labelled = (label: string, value: string) => t('{label} : {value}', { label, value });

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The name of the record an id value points to (`siteId` → the site's name, `channelId` → the
 * channel's), when the page knows it; undefined leaves the id as it is (a deleted record, a record
 * the page did not load). Which keys hold which ids: audit-objects.ts.
 */
export type NameOf = (key: string, id: string) => string | undefined;

/**
 * One value, readable: dates as in the rest of the app, Oui/Non, enum values in French, ids named,
 * lists joined, objects spelled out. `object` is the action's prefix, `key` the value's key.
 */
function describeValue(value: unknown, object: string, key = '', nameOf?: NameOf): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t('Oui') : t('Non');
  if (typeof value === 'string') {
    if (isoInstant.test(value)) return formatDateTime(value);
    const day = isoDay.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    return nameOf?.(key, value) ?? valueLabel(object, key, value);
  }
  if (typeof value === 'number') return valueLabel(object, key, String(value));
  if (Array.isArray(value))
    // `fields` lists the names of the fields changed: those are named in French too.
    return value
      .map((v) =>
        key === 'fields' && typeof v === 'string' ? detailLabel(v) : describeValue(v, object, key, nameOf),
      )
      .join(', ');
  if (isRecord(value)) {
    // A change of one field: { from, to }.
    const keys = Object.keys(value);
    if (keys.length === 2 && 'from' in value && 'to' in value)
      return `${describeValue(value.from, object, key, nameOf)} → ${describeValue(value.to, object, key, nameOf)}`;
    return keys.map((k) => labelled(detailLabel(k), describeValue(value[k], object, k, nameOf))).join(', ');
  }
  return String(value);
}

/**
 * The details object of an entry with this action in one short line ('Champs modifiés : Nom,
 * Téléphone · Adresse IP : 203.0.113.4').
 */
export function describeDetails(
  details: Record<string, unknown> | null,
  action = '',
  nameOf?: NameOf,
): string {
  if (!details) return '';
  const object = action.split('.')[0] ?? '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (value === null || value === undefined) continue;
    parts.push(labelled(detailLabel(key), describeValue(value, object, key, nameOf)));
  }
  const line = parts.join(' · ');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
