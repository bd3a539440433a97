// French names of the journal's actions (the server stores stable English codes).

const actionLabels: Record<string, string> = {
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
};

/** The action's French name, or its code when this version does not know it. */
export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

/** Filter values: prefixes of the action codes ('' = every action). */
export const actionCategories = [
  { value: 'all', label: 'Toutes les actions' },
  { value: 'auth.', label: 'Connexions et sécurité du compte' },
  { value: 'settings.', label: 'Paramètres' },
  { value: 'user.', label: 'Utilisateurs' },
  { value: 'alarm', label: 'Alarmes' },
  { value: 'site.', label: 'Sites' },
  { value: 'camera.', label: 'Caméras' },
  { value: 'access', label: "Contrôle d'accès" },
  { value: 'badge.', label: 'Badges' },
  { value: 'radio', label: 'Radio' },
  { value: 'agent.', label: 'Agents' },
  { value: 'shift.', label: 'Gardes' },
  { value: 'planning.', label: 'Planning' },
  { value: 'integration_key.', label: "Clés d'intégration" },
  { value: 'retention.', label: 'Purges (RGPD)' },
  { value: 'audit.', label: "Journal d'audit" },
] as const;

/** The details object in one short line ('fields: name, phone · ip: 203.0.113.4'). */
export function describeDetails(details: Record<string, unknown> | null): string {
  if (!details) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (value === null || value === undefined) continue;
    const text = Array.isArray(value)
      ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
    parts.push(`${key} : ${text}`);
  }
  const line = parts.join(' · ');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
