/** Root of the query keys of Paramètres: mutations update or invalidate the keys under it. */
export const settingsKey = ['settings'] as const;

const logo = [...settingsKey, 'logo'] as const;

export const settingsKeys = {
  profile: [...settingsKey, 'profile'] as const,
  twoFactor: [...settingsKey, 'two-factor'] as const,
  notifications: [...settingsKey, 'notifications'] as const,
  security: [...settingsKey, 'security'] as const,
  system: [...settingsKey, 'system'] as const,
  backups: [...settingsKey, 'backups'] as const,
  identity: [...settingsKey, 'identity'] as const,
  /** Every logo's bytes: a new logo or its removal drops them. */
  logo,
  /** The bytes at one logo URL (the identity answers it). */
  logoAt: (url: string | null) => [...logo, url] as const,
  /** Unset filters are left out of `filters`, so equal filters share one query. */
  audit: <F extends object>(filters: F) => [...settingsKey, 'audit', filters] as const,
};
