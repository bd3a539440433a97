/** Query keys of Paramètres: mutations update or invalidate them. */
export const settingsKeys = {
  all: ['settings'] as const,
  profile: ['settings', 'profile'] as const,
  twoFactor: ['settings', 'two-factor'] as const,
  notifications: ['settings', 'notifications'] as const,
  pushKey: ['settings', 'push-key'] as const,
  security: ['settings', 'security'] as const,
  system: ['settings', 'system'] as const,
  backups: ['settings', 'backups'] as const,
  identity: ['settings', 'identity'] as const,
  logo: ['settings', 'logo'] as const,
  audit: ['settings', 'audit'] as const,
};
