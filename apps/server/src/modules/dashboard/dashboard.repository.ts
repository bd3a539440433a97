// The whole overview in one statement: each module contributes its own SQL fragment.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accessPointsCountOfSite } from '../access/access.sql';
import { cameraOverviewSql, camerasCountOfSite } from '../cameras/cameras.sql';
import { siteOverviewSql } from '../sites/sites.sql';
import {
  accessOverviewSql,
  agentsOverviewSql,
  alarmsOverviewSql,
  panelsOverviewSql,
  receiverPanelsOverviewSql,
} from './dashboard.sources';

export interface OverviewRow {
  sites: {
    total: number;
    newThisMonth: number;
    active: {
      id: string;
      name: string;
      address: string;
      cameras: number;
      accessPoints: number;
      lastUpdate: string;
    }[];
  };
  cameras: { online: number; total: number; probes: number; okProbes: number };
  agents: { online: number; total: number; expected: number; present: number };
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
    perDay: { date: string; critical: number; high: number; medium: number; low: number }[];
  };
  access: { points: number; responding: number; availability: number | null };
  panels: { panels: number; live: number; availability: number | null };
  receiverPanels: { total: number; lost: number };
}

/** What the sites overview counts per site: fragments of the cameras and access modules. */
const siteCounts = { cameras: camerasCountOfSite, accessPoints: accessPointsCountOfSite };

/** One statement, one round trip (readTenant: the company setting travels with it). */
export async function readOverview(db: Database, companyId: string, timezone: string): Promise<OverviewRow> {
  const [row] = await db.readTenant<OverviewRow>(
    companyId,
    sql`select
      ${siteOverviewSql(companyId, timezone, siteCounts)} as sites,
      ${cameraOverviewSql(companyId)} as cameras,
      ${agentsOverviewSql(companyId)} as agents,
      ${alarmsOverviewSql(companyId, timezone)} as alarms,
      ${accessOverviewSql(companyId)} as access,
      ${panelsOverviewSql(companyId)} as panels,
      ${receiverPanelsOverviewSql(companyId)} as "receiverPanels"`,
  );
  if (!row) throw new Error('overview query returned nothing');
  return row;
}
