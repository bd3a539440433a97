// The whole overview in one statement: each module contributes its own SQL fragment.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cameraOverviewSql } from '../cameras/cameras.sql';
import { siteOverviewSql } from '../sites/sites.sql';
import { accessOverviewSql, agentsOverviewSql, alarmsOverviewSql } from './dashboard.sources';

export interface OverviewRow {
  sites: {
    total: number;
    newThisMonth: number;
    active: { id: string; name: string; address: string; cameras: number; lastUpdate: string }[];
  };
  cameras: { online: number; total: number; probes: number; okProbes: number };
  agents: { online: number; total: number };
  alarms: {
    today: number;
    critical: number;
    recent: {
      id: string;
      title: string;
      description: string;
      severity: string;
      location: string;
      time: string;
    }[];
    availability: number | null;
  };
  access: { points: number; availability: number | null };
}

export async function readOverview(tx: Tx, companyId: string, timezone: string): Promise<OverviewRow> {
  const res = await tx.execute(sql`select
      ${siteOverviewSql(companyId, timezone)} as sites,
      ${cameraOverviewSql(companyId)} as cameras,
      ${agentsOverviewSql(companyId)} as agents,
      ${alarmsOverviewSql(companyId, timezone)} as alarms,
      ${accessOverviewSql(companyId)} as access`);
  const row = rowsOf<OverviewRow>(res)[0];
  if (!row) throw new Error('overview query returned nothing');
  return row;
}
