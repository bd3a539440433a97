// The keys of radio gateways (the handsets' API, device.service.ts): administrators list, create and
// revoke them; the integrations module keeps them, scoped to 'radio'.
import type { Database } from '../../../db/client';
import type { AuthContext } from '../../../plugins/auth';
import { createScopedKey, listScopedKeys, revokeScopedKey } from '../../integrations/integrations.service';
import { radioErrors } from '../radio.errors';
import { requireRadioAdmin } from './radios.service';

export async function listKeys(db: Database, auth: AuthContext) {
  requireRadioAdmin(auth);
  return db.withTenant(auth.companyId, (tx) => listScopedKeys(tx, auth.companyId, { scope: 'radio' }));
}

export async function createKey(db: Database, auth: AuthContext, name: string) {
  requireRadioAdmin(auth);
  return db.withTenant(auth.companyId, (tx) => createScopedKey(tx, auth, name, { scope: 'radio' }));
}

export async function revokeKey(db: Database, auth: AuthContext, keyId: string) {
  requireRadioAdmin(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    if (!(await revokeScopedKey(tx, auth, keyId, { scope: 'radio' }))) throw radioErrors.keyNotFound();
  });
}
