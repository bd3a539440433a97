import { userRoleLabels, userRoles } from '@vigie/contract/enums';
import { t } from '../../../lib/i18n/i18n';

/** The roles offered, named in the current language (called at render, so a new language shows). */
export function roleOptions() {
  return userRoles.map((role) => ({ value: role, label: t(userRoleLabels[role]) }));
}
