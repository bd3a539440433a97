import { userRoleLabels, userRoles } from '@vigie/contract/enums';

export const roleOptions = userRoles.map((role) => ({ value: role, label: userRoleLabels[role] }));
