// Paramètres · Identité: what the company's documents print (raison sociale, address, SIRET, CNAPS
// authorisation, logo). `companyIdentity` is what the report builders call.
import type { IdentitySettings, updateIdentitySettingsBody } from '@vigie/contract/settings.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { deleteFile, readFile, storeFile } from '../files/files.service';
import { decodeBase64Image, type LogoType, normaliseLogo } from './logo';
import { requireAdmin } from './settings.access';
import { settingsErrors } from './settings.errors';
import { changesOf } from './settings.models';
import * as repo from './settings.repository';

export const LOGO_PATH = '/api/settings/identity/logo';

const toDto = (c: repo.CompanyRow): IdentitySettings => ({
  legalName: c.legalName,
  address: c.legalAddress,
  siret: c.siret,
  cnapsAuthorisation: c.cnapsAuthorisation,
  // The file's id in the address: a new logo is a new address, so no cache shows the old one.
  logo: c.logoFileId ? `${LOGO_PATH}?v=${c.logoFileId.slice(0, 8)}` : null,
});

export interface CompanyIdentity {
  /** The raison sociale, or the company's name when none is set. */
  legalName: string;
  /** The legal address, or the company's address. */
  address: string | null;
  siret: string | null;
  cnapsAuthorisation: string | null;
  logo: { data: Buffer; contentType: LogoType } | null;
}

/** What a document prints about the company (reports, security reports): no role check here. */
export async function companyIdentity(tx: Tx, companyId: string): Promise<CompanyIdentity> {
  const c = await repo.findCompany(tx, companyId);
  if (!c) throw settingsErrors.companyNotFound();
  const file = c.logoFileId ? await readFile(tx, companyId, c.logoFileId) : undefined;
  return {
    legalName: c.legalName ?? c.name,
    address: c.legalAddress ?? c.address,
    siret: c.siret,
    cnapsAuthorisation: c.cnapsAuthorisation,
    logo: file ? { data: file.data, contentType: file.contentType as LogoType } : null,
  };
}

export async function getIdentity(db: Database, auth: AuthContext) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.findCompany(tx, auth.companyId);
    if (!row) throw settingsErrors.companyNotFound();
    return toDto(row);
  });
}

export async function updateIdentity(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof updateIdentitySettingsBody>,
) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const before = await repo.companyForUpdate(tx, auth.companyId);
    if (!before) throw settingsErrors.companyNotFound();
    const after = await repo.updateSettings(tx, auth.companyId, {
      ...(body.legalName !== undefined ? { legalName: body.legalName } : {}),
      ...(body.address !== undefined ? { legalAddress: body.address } : {}),
      ...(body.siret !== undefined ? { siret: body.siret } : {}),
      ...(body.cnapsAuthorisation !== undefined ? { cnapsAuthorisation: body.cnapsAuthorisation } : {}),
    });
    if (!after) throw settingsErrors.companyNotFound();
    const changes = changesOf(toDto(before), toDto(after));
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        companyId: auth.companyId,
        actorUserId: auth.userId,
        action: 'settings.identity_updated',
        entity: 'company',
        entityId: auth.companyId,
        details: { changes },
      });
    }
    return toDto(after);
  });
}

/** Replaces the logo (the previous file is removed with the change). */
export async function putLogo(db: Database, auth: AuthContext, image: string) {
  requireAdmin(auth);
  const logo = await normaliseLogo(decodeBase64Image(image));
  return db.withTenant(auth.companyId, async (tx) => {
    const before = await repo.companyForUpdate(tx, auth.companyId);
    if (!before) throw settingsErrors.companyNotFound();
    const fileId = await storeFile(tx, auth.companyId, { kind: 'logo', ...logo });
    const after = await repo.updateSettings(tx, auth.companyId, { logoFileId: fileId });
    if (!after) throw settingsErrors.companyNotFound();
    if (before.logoFileId) await deleteFile(tx, auth.companyId, before.logoFileId);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'settings.logo_updated',
      entity: 'company',
      entityId: auth.companyId,
      details: { contentType: logo.contentType, size: logo.data.length },
    });
    return toDto(after);
  });
}

export async function getLogo(db: Database, auth: AuthContext) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const c = await repo.findCompany(tx, auth.companyId);
    const file = c?.logoFileId ? await readFile(tx, auth.companyId, c.logoFileId) : undefined;
    if (!file) throw settingsErrors.noLogo();
    return file;
  });
}

export async function deleteLogo(db: Database, auth: AuthContext) {
  requireAdmin(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const before = await repo.companyForUpdate(tx, auth.companyId);
    if (!before?.logoFileId) throw settingsErrors.noLogo();
    await repo.updateSettings(tx, auth.companyId, { logoFileId: null });
    await deleteFile(tx, auth.companyId, before.logoFileId);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'settings.logo_removed',
      entity: 'company',
      entityId: auth.companyId,
    });
  });
}
