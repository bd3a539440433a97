import { randomUUID } from 'node:crypto';
import type { putSiteInstructionsBody, SiteInstructions } from '@vigie/contract/site-instructions.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import type { AuthContext } from '../../plugins/auth';
import { recordAndPublish } from '../audit/audit.service';
import { withoutPasswords } from './response-rules';
import { siteInstructionErrors } from './site-instructions.errors';
import { changedSections, toInstructionsDto } from './site-instructions.models';
import * as repo from './site-instructions.repository';

export { alarmResponseOf, responseTargetsOf, withoutPasswords } from './response-rules';

/** Administrators and operators read the callers' passwords and write; agents only read the rest. */
const mayManage = (auth: AuthContext) => auth.role === 'admin' || auth.role === 'operator';

async function load(tx: Tx, companyId: string | undefined, siteId: string) {
  const read = await repo.findInstructions(tx, companyId, siteId);
  if (read.siteName === null) throw siteInstructionErrors.siteNotFound();
  return { siteName: read.siteName, instructions: toInstructionsDto(siteId, read.row) };
}

/**
 * For other modules (alarms' file, interventions): the site's whole instructions, passwords
 * included, defaults filled in when it saved none, in the caller's tenant transaction. Throws the
 * site-not-found error when the site is not the transaction's company's. Whoever shows them to an
 * agent passes them through `withoutPasswords` first.
 */
export async function getSiteInstructions(tx: Tx, siteId: string): Promise<SiteInstructions> {
  return (await load(tx, undefined, siteId)).instructions;
}

export async function readSiteInstructions(db: Database, auth: AuthContext, siteId: string) {
  const { instructions } = await db.withTenant(auth.companyId, (tx) => load(tx, auth.companyId, siteId));
  return mayManage(auth) ? instructions : withoutPasswords(instructions);
}

export async function replaceSiteInstructions(
  db: Database,
  auth: AuthContext,
  siteId: string,
  input: z.output<typeof putSiteInstructionsBody>,
) {
  if (!mayManage(auth)) throw siteInstructionErrors.readOnly();
  return db.withTenant(auth.companyId, async (tx) => {
    const before = await load(tx, auth.companyId, siteId);
    try {
      await repo.saveInstructions(tx, {
        companyId: auth.companyId,
        siteId,
        contacts: input.contacts.map((c) => ({
          id: c.id ?? randomUUID(),
          name: c.name,
          role: c.role,
          phones: c.phones,
          password: c.password,
          availability: c.availability,
        })),
        steps: input.steps.map((s) => ({ id: s.id ?? randomUUID(), text: s.text })),
        alarmResponses: input.alarmResponses,
        responseTargets: input.responseTargets,
        updatedBy: auth.userId,
      });
    } catch (err) {
      // The site deleted meanwhile.
      if (isForeignKeyViolation(err)) throw siteInstructionErrors.siteNotFound();
      throw err;
    }
    const after = await load(tx, auth.companyId, siteId);
    // Counts and section names only: the passwords never reach the journal.
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'site.instructions_updated',
        entity: 'site',
        entityId: siteId,
        details: {
          name: before.siteName,
          contacts: after.instructions.contacts.length,
          steps: after.instructions.steps.length,
          fields: changedSections(before.instructions, after.instructions),
        },
      },
      { type: 'site.changed', payload: { siteId, part: 'instructions' } },
    );
    return after.instructions;
  });
}
