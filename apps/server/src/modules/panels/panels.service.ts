// Alarm panels (issue 32): administrators and operators add, edit and delete the company's panels,
// read where to point them (the company's line prefix and the receiver's address) and each panel's
// signal journal. A panel's AES key is normalised by the protocol's parser, sealed before it is
// stored, and never answered, logged or audited: answers say only whether there is one.

import type { listQuery } from '@vigie/contract/common';
import type {
  createPanelBody,
  listPanelsQuery,
  PanelReceiverDto,
  SitePanelsTestDto,
  sitePanelsTestBody,
  updatePanelBody,
} from '@vigie/contract/panels.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import type { SecretBox } from '../../plugins/secrets';
import { recordAndPublish } from '../audit/audit.service';
import { siteExists } from '../sites/sites.service';
import { panelErrors } from './panels.errors';
import { type NewPanel, sortZones, toPanelDto } from './panels.models';
import * as repo from './panels.repository';
import { parseAesKey } from './protocol/key';
import type { ReceiverInfo } from './receiver-state';

/** Administrators and operators only: a panel's account, key and journal are the control room's. */
const requireManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw panelErrors.managersOnly();
};

/**
 * The key as the installer typed it (hexadecimal or ASCII), read by the protocol's parser and
 * sealed as hexadecimal: the receiver opens it with `openPanelKey`.
 */
function sealKey(secrets: SecretBox, text: string): string {
  const parsed = parseAesKey(text);
  if (!parsed.ok) throw panelErrors.badKey(parsed.error);
  return secrets.seal(parsed.key.toString('hex'));
}

/**
 * A panel's stored (sealed) key as AES key bytes: undefined when it has none, null when the sealed
 * key cannot be read (another SECRETS_KEY): the receiver then refuses its frames rather than take
 * them in clear.
 */
export function openPanelKey(secrets: SecretBox, sealed: string | null): Buffer | undefined | null {
  if (!sealed) return undefined;
  const hex = secrets.open(sealed);
  if (hex === undefined) return null;
  const parsed = parseAesKey(hex, 'hex');
  return parsed.ok ? parsed.key : null;
}

/** A test mode's end, refused when it is not in the future. */
function testUntilOf(value: string | null | undefined, now: Date): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (at.getTime() <= now.getTime()) throw panelErrors.testUntilPast();
  return at;
}

async function requireSite(tx: Tx, companyId: string, siteId: string) {
  // Another company's site is invisible here (explicit filter and RLS): 404, never a leak.
  if (!(await siteExists(tx, companyId, siteId))) throw panelErrors.siteNotFound();
}

async function loadPanel(tx: Tx, companyId: string, id: string) {
  const row = await repo.findPanel(tx, companyId, id);
  if (!row) throw panelErrors.notFound();
  return row;
}

/**
 * The company's line prefix (the DC-09 `L` field), given on first need from the sequence: when
 * the receiver's address is asked for, or when the company's first panel is created.
 */
export async function ensureLinePrefix(tx: Tx, companyId: string): Promise<string> {
  const known = await repo.findLinePrefix(tx, companyId);
  if (known) return known;
  await repo.insertLinePrefix(tx, companyId);
  const prefix = await repo.findLinePrefix(tx, companyId);
  if (!prefix) throw new Error('line prefix not assigned');
  return prefix;
}

/**
 * Runs a write in a savepoint so that the (company, account) unique key, hit by a concurrent
 * creation after the check, becomes the 409 rather than an aborted transaction.
 */
async function withAccountKey<T>(tx: Tx, write: (sp: Tx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction((sp) => write(sp as Tx));
  } catch (err) {
    if (isUniqueViolation(err, 'panels_company_account_key')) throw panelErrors.accountTaken();
    throw err;
  }
}

export async function listPanels(db: Database, auth: AuthContext, q: z.output<typeof listPanelsQuery>) {
  requireManager(auth);
  const after = decodeCursor(q.cursor, ['string', 'uuid']) as [string, string] | undefined;
  const { rows, total } = await repo.listPanelsPage(
    db,
    auth.companyId,
    { siteId: q.siteId },
    { limit: q.limit, after },
  );
  const now = new Date();
  return { rows: rows.map((r) => toPanelDto(r, now)), total };
}

export async function getPanel(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => toPanelDto(await loadPanel(tx, auth.companyId, id)));
}

export async function createPanel(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  input: z.output<typeof createPanelBody>,
) {
  requireManager(auth);
  const testUntil = testUntilOf(input.testUntil, new Date());
  const aesKey = input.aesKey ? sealKey(secrets, input.aesKey) : null;
  return db.withTenant(auth.companyId, async (tx) => {
    await requireSite(tx, auth.companyId, input.siteId);
    if (await repo.accountTaken(tx, auth.companyId, input.account)) throw panelErrors.accountTaken();
    // The company's prefix exists from its first panel on: the installer's guide can name it.
    await ensureLinePrefix(tx, auth.companyId);
    const values: NewPanel = {
      companyId: auth.companyId,
      siteId: input.siteId,
      name: input.name,
      account: input.account,
      aesKey,
      supervisionMinutes: input.supervisionMinutes ?? null,
      zones: sortZones(input.zones),
      testUntil: testUntil ?? null,
    };
    const id = await withAccountKey(tx, (sp) => repo.insertPanel(sp, values));
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'panel.created',
        entity: 'panel',
        entityId: id,
        // Never the key: only whether there is one.
        details: { name: input.name, siteId: input.siteId, account: input.account, hasAesKey: !!aesKey },
      },
      { type: 'panel.changed', payload: { id, change: 'created' } },
    );
    return toPanelDto(await loadPanel(tx, auth.companyId, id));
  });
}

export async function updatePanel(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updatePanelBody>,
) {
  requireManager(auth);
  const testUntil = testUntilOf(input.testUntil, new Date());
  // Absent: kept; null: removed; a key: normalised and sealed.
  const aesKey =
    input.aesKey === undefined ? undefined : input.aesKey === null ? null : sealKey(secrets, input.aesKey);
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await loadPanel(tx, auth.companyId, id);
    if (input.siteId !== undefined && input.siteId !== current.siteId) {
      await requireSite(tx, auth.companyId, input.siteId);
    }
    if (
      input.account !== undefined &&
      input.account !== current.account &&
      (await repo.accountTaken(tx, auth.companyId, input.account, id))
    ) {
      throw panelErrors.accountTaken();
    }
    const values: Partial<NewPanel> = {
      siteId: input.siteId,
      name: input.name,
      account: input.account,
      aesKey,
      supervisionMinutes: input.supervisionMinutes,
      zones: input.zones === undefined ? undefined : sortZones(input.zones),
      testUntil,
    };
    // Drizzle skips undefined values: absent fields stay as they are.
    await withAccountKey(tx, (sp) => repo.updatePanel(sp, auth.companyId, id, values));
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'panel.updated',
        entity: 'panel',
        entityId: id,
        // Field names only (`aesKey` says the key changed, never what it is).
        details: { name: input.name ?? current.name, fields: Object.keys(input) },
      },
      { type: 'panel.changed', payload: { id, change: 'updated' } },
    );
    return toPanelDto(await loadPanel(tx, auth.companyId, id));
  });
}

export async function deletePanel(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const current = await loadPanel(tx, auth.companyId, id);
    await repo.deletePanel(tx, auth.companyId, id);
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'panel.deleted',
        entity: 'panel',
        entityId: id,
        details: { name: current.name, siteId: current.siteId, account: current.account },
      },
      { type: 'panel.changed', payload: { id, change: 'deleted' } },
    );
  });
}

/**
 * A whole site in test (a technician at work on its panels) until a time, or out of test: every
 * panel of the site takes that test end, each change audited as the panel form's would be. A panel
 * added to the site afterwards has its own test mode.
 */
export async function setSiteTest(
  db: Database,
  auth: AuthContext,
  siteId: string,
  input: z.output<typeof sitePanelsTestBody>,
): Promise<SitePanelsTestDto> {
  requireManager(auth);
  const testUntil = testUntilOf(input.testUntil, new Date()) ?? null;
  return db.withTenant(auth.companyId, async (tx) => {
    await requireSite(tx, auth.companyId, siteId);
    const changed = await repo.setSiteTest(tx, auth.companyId, siteId, testUntil);
    for (const panel of changed) {
      await recordAndPublish(
        tx,
        auth,
        {
          action: 'panel.updated',
          entity: 'panel',
          entityId: panel.id,
          details: { name: panel.name, fields: ['testUntil'], siteId },
        },
        { type: 'panel.changed', payload: { id: panel.id, change: 'updated' } },
      );
    }
    return { siteId, testUntil: testUntil?.toISOString() ?? null, panels: changed.length };
  });
}

/** Where the company's installers point its panels: its line prefix and the receiver's address. */
export async function getReceiver(
  db: Database,
  auth: AuthContext,
  info: ReceiverInfo,
  host: string,
): Promise<PanelReceiverDto> {
  requireManager(auth);
  const prefix = await db.withTenant(auth.companyId, (tx) => ensureLinePrefix(tx, auth.companyId));
  return {
    prefix,
    host,
    port: info.port,
    state: info.state,
    detail: info.detail,
    surgardPort: info.surgardPort,
  };
}

/** A panel's signal journal, newest first. */
export async function listSignals(
  db: Database,
  auth: AuthContext,
  panelId: string,
  q: z.output<typeof listQuery>,
) {
  requireManager(auth);
  const before = decodeCursor(q.cursor, ['timestamp', 'number']) as [string, number] | undefined;
  if (!(await repo.panelExists(db, auth.companyId, panelId))) throw panelErrors.notFound();
  const { rows, total } = await repo.listSignalsPage(db, auth.companyId, panelId, {
    limit: q.limit,
    before,
  });
  return { rows, total };
}
