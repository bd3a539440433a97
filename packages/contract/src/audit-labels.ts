// French names of the audit journal's codes: its actions and the kinds of object they touch (the
// server stores stable English codes). Shared by the web app's journal and the server's CSV export.

const own = <T>(map: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

/**
 * The database holds a copy of both maps (audit_action_label and audit_entity_label, migration
 * 0036), so that a search in the journal finds entries by their French names: a change here needs
 * a migration that replaces those functions (audit-label-words.test.ts says so).
 */
export const actionLabels = {
  'auth.login': 'Connexion',
  'auth.password_changed': 'Mot de passe modifié',
  'auth.two_factor_enabled': 'Double authentification activée',
  'auth.two_factor_disabled': 'Double authentification désactivée',
  'company.registered': 'Société inscrite',
  'user.created': 'Utilisateur créé',
  'user.updated': 'Utilisateur modifié',
  'user.deleted': 'Utilisateur supprimé',
  'user.profile_updated': 'Profil modifié',
  'user.notification_settings_updated': 'Notifications modifiées',
  'push_subscription.created': 'Navigateur abonné aux notifications push',
  'push_subscription.deleted': 'Navigateur désabonné des notifications push',
  'settings.security_updated': 'Sécurité modifiée',
  'settings.system_updated': 'Système modifié',
  'settings.identity_updated': 'Identité modifiée',
  'settings.logo_updated': 'Logo modifié',
  'settings.logo_removed': 'Logo retiré',
  'settings.backup_created': 'Sauvegarde effectuée',
  'settings.backup_downloaded': 'Sauvegarde téléchargée',
  'audit.exported': "Journal d'audit exporté",
  'site.created': 'Site créé',
  'site.updated': 'Site modifié',
  'site.deleted': 'Site supprimé',
  'camera.created': 'Caméra ajoutée',
  'camera.updated': 'Caméra modifiée',
  'camera.deleted': 'Caméra supprimée',
  'alarm.created': 'Alarme créée',
  'badge.card_printed': 'Carte de badge imprimée',
  'access_logs.exported': 'Journal des accès exporté',
  'access_logs.retention_changed': 'Conservation du journal des accès modifiée',
  'agent.created': 'Agent ajouté',
  'agent.updated': 'Agent modifié',
  'agent.deleted': 'Agent supprimé',
  'agent.photo_updated': "Photo d'agent modifiée",
  'shift.created': 'Garde ajoutée',
  'planning.payroll_exported': 'Export de paie',
  'integration_key.created': "Clé d'intégration créée",
  'integration_key.revoked': "Clé d'intégration révoquée",
  'radio.retention_changed': 'Conservation des enregistrements radio modifiée',
  'radio_communication.audio_played': 'Enregistrement radio écouté',
  'retention.access_logs_purged': 'Purge du journal des accès',
  'retention.agent_positions_purged': 'Purge des positions des agents',
  'retention.radio_recordings_purged': 'Purge des enregistrements radio',
  'retention.lone_worker_purged': 'Purge des positions de protection du travailleur isolé',
  'alarm.acknowledged': 'Alarme acquittée',
  'alarm.commented': 'Alarme commentée',
  'alarm.updated': 'Alarme modifiée',
  'alarm.escalated': 'Alarme escaladée',
  'alarm.resolved': 'Alarme résolue',
  'badge.created': 'Badge créé',
  'badge.updated': 'Badge modifié',
  'badge.deleted': 'Badge supprimé',
  'badge.suspended': 'Badge suspendu',
  'badge.reactivated': 'Badge réactivé',
  'badge.qr_regenerated': 'QR code de badge régénéré',
  'access_point.created': "Point d'accès ajouté",
  'access_point.updated': "Point d'accès modifié",
  'access_point.deleted': "Point d'accès supprimé",
  'shift.updated': 'Garde modifiée',
  'shift.deleted': 'Garde supprimée',
  'shift.cancelled': 'Garde annulée',
  'shift.clock_in': 'Prise de service',
  'shift.clock_out': 'Fin de service',
  'radio.created': 'Radio ajoutée',
  'radio.updated': 'Radio modifiée',
  'radio.deleted': 'Radio supprimée',
  'radio_alert.emergency': 'Urgence radio détectée',
  'radio_channel.created': 'Canal radio créé',
  'radio_channel.updated': 'Canal radio modifié',
  'radio_channel.deleted': 'Canal radio supprimé',
  'radio_channel.members_changed': 'Membres du canal radio modifiés',
  'report.requested': 'Rapport demandé',
  'report.downloaded': 'Rapport téléchargé',
  'report.deleted': 'Rapport supprimé',
  'report_schedule.created': 'Envoi programmé de rapport créé',
  'report_schedule.deleted': 'Envoi programmé de rapport supprimé',
  'reports.purged': 'Purge des rapports',
  'security_report.created': 'Rapport de sécurité créé',
  'security_report.updated': 'Rapport de sécurité modifié',
  'security_report.deleted': 'Rapport de sécurité supprimé',
  'security_report.finalized': 'Rapport de sécurité signé',
  'security_report.exported': 'Rapport de sécurité exporté',
  'tour.created': 'Ronde créée',
  'tour.updated': 'Ronde modifiée',
  'tour.deleted': 'Ronde supprimée',
  'tour.labels_printed': 'Étiquettes de ronde imprimées',
  'tour.label_regenerated': 'Étiquette de ronde régénérée',
  'round.created': 'Passage de ronde planifié',
  'lone_worker.started': 'Protection travailleur isolé activée',
  'lone_worker.stopped': 'Protection travailleur isolé désactivée',
  'lone_worker.ended': 'Protection travailleur isolé terminée',
  'lone_worker_alert.raised': 'Alerte travailleur isolé',
  'lone_worker_alert.acknowledged': 'Alerte travailleur isolé acquittée',
  'demo.step_seeded': 'Données de démonstration créées',
  'panel.created': 'Centrale ajoutée',
  'panel.updated': 'Centrale modifiée',
  'panel.deleted': 'Centrale supprimée',
  'retention.panel_signals_purged': "Purge du journal des centrales d'alarme",
} as const satisfies Record<string, string>;

/** An audit action's code: the server writes only codes that have a French name here. */
export type AuditAction = keyof typeof actionLabels;

/** The action's French name, or its code when this version does not know it. */
export function actionLabel(action: string): string {
  return own(actionLabels, action) ?? action;
}

/**
 * French names of the entity keys the server writes with each entry (`entity: 'camera'` in
 * apps/server/src); the words the rest of the journal uses (actions, details' keys).
 */
export const entityLabels: Readonly<Record<string, string>> = {
  access_log: 'Journal des accès',
  access_point: "Point d'accès",
  agent: 'Agent',
  agent_position: 'Positions des agents',
  alarm: 'Alarme',
  audit_log: "Journal d'audit",
  backup: 'Sauvegarde',
  badge: 'Badge',
  camera: 'Caméra',
  company: 'Société',
  demo: 'Données de démonstration',
  integration_key: "Clé d'intégration",
  lone_worker_alert: 'Alerte travailleur isolé',
  lone_worker_session: 'Protection travailleur isolé',
  panel: "Centrale d'alarme",
  panel_signal: "Journal des centrales d'alarme",
  planning: 'Planning',
  push_subscription: 'Abonnement aux notifications push',
  radio: 'Radio',
  radio_alert: 'Alerte radio',
  radio_channel: 'Canal radio',
  radio_communication: 'Communication radio',
  report: 'Rapport',
  report_schedule: 'Rapport planifié',
  security_report: 'Rapport de sécurité',
  session: 'Session',
  shift: 'Garde',
  site: 'Site',
  tour: 'Ronde',
  tour_checkpoint: 'Point de contrôle',
  tour_round: 'Passage de ronde',
  user: 'Utilisateur',
};

/** An entity key's French name, or the key itself when this version does not know it. */
export function entityLabel(entity: string): string {
  return own(entityLabels, entity) ?? entity;
}
