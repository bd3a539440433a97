// Helpers of the reports tests: a company's activity seeded straight into its tables (alarms with
// their timeline, probe history, access logs, shifts clocked in), at chosen instants.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Tenant } from '../../test/harness';
import { createAgent, createSite } from '../planning/test-support';

const HOUR = 3_600_000;
const severities = ['low', 'medium', 'high', 'critical'] as const;

/** A small deterministic generator: the same seed gives the same activity. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface Seeded {
  siteIds: string[];
  cameraIds: string[];
  agentIds: string[];
}

/**
 * `days` days of activity before `now` on two sites: alarms (some acknowledged, some resolved,
 * with their timeline), hourly probes, access logs (some refused), and shifts (one running now).
 */
export async function seedActivity(
  app: FastifyInstance,
  db: Database,
  tenant: Tenant,
  opts: { days?: number; alarms?: number; logs?: number; seed?: number; now?: Date } = {},
): Promise<Seeded> {
  const { days = 10, alarms = 60, logs = 80, seed = 7, now = new Date() } = opts;
  const random = rng(seed);
  const companyId = tenant.company.id;
  const sites = [
    await createSite(app, tenant, { name: 'Entrepôt Nord' }),
    await createSite(app, tenant, { name: 'Siège =Paris' }),
  ];
  const agents = [
    await createAgent(app, tenant, { name: 'Léa Martin' }),
    await createAgent(app, tenant, { name: 'Karim Benali' }),
  ];
  const siteIds = sites.map((s) => s.id);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR).toISOString();
  const cameraIds = await db.withTenant(companyId, async (tx) => {
    const cams = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into cameras (company_id, site_id, name, location)
        values (${companyId}, ${siteIds[0]}, 'Caméra quai', 'Quai 1'), (${companyId}, ${siteIds[1]}, 'Caméra hall', 'Hall')
        returning id`),
    );
    for (const [i, cam] of cams.entries()) {
      for (let h = 1; h <= days * 24; h += 3) {
        const probes = 120;
        const ok = i === 0 ? probes - Math.floor(random() * 10) : probes - Math.floor(random() * 40);
        const bucket = new Date(Math.floor((now.getTime() - h * HOUR) / HOUR) * HOUR).toISOString();
        await tx.execute(sql`insert into camera_probes (company_id, camera_id, bucket, probes, ok_probes, latency_ms_sum, last_probed_at, last_ok, last_latency_ms)
          values (${companyId}, ${cam.id}, ${bucket}::timestamptz, ${probes}, ${ok}, ${ok * 40}, ${bucket}::timestamptz, true, 40)
          on conflict do nothing`);
      }
    }
    for (let i = 0; i < alarms; i++) {
      const hoursAgo = 1 + random() * (days * 24 - 2);
      const severity = severities[Math.floor(random() * 4)] ?? 'low';
      const site = siteIds[i % 2] as string;
      const roll = random();
      const ackMin = 1 + Math.floor(random() * 30);
      const acked = roll > 0.3 ? at(hoursAgo - ackMin / 60) : null;
      const resolved = roll > 0.6 ? at(hoursAgo - (ackMin + 20) / 60) : null;
      const status = resolved ? 'resolved' : acked ? 'acknowledged' : 'active';
      const [alarm] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into alarms (company_id, site_id, type, severity, status, title, description, location, source,
                                           triggered_at, acknowledged_at, acknowledged_by, resolved_at, resolved_by)
          values (${companyId}, ${site}, 'intrusion', ${severity}, ${status}, ${`=Intrusion ${i}`}, 'Détection', 'Zone A', 'device',
                  ${at(hoursAgo)}::timestamptz, ${acked}::timestamptz, ${acked ? 'Léa Martin' : null},
                  ${resolved}::timestamptz, ${resolved ? 'Léa Martin' : null})
          returning id`),
      );
      await tx.execute(sql`insert into alarm_events (company_id, alarm_id, kind, author_name, created_at)
        values (${companyId}, ${alarm?.id}, 'created', 'Vigie', ${at(hoursAgo)}::timestamptz)`);
      if (acked) {
        await tx.execute(sql`insert into alarm_events (company_id, alarm_id, kind, author_name, created_at)
          values (${companyId}, ${alarm?.id}, 'acknowledged', 'Léa Martin', ${acked}::timestamptz)`);
      }
    }
    for (let i = 0; i < logs; i++) {
      const refused = random() < 0.25;
      const site = sites[i % 2] as { id: string; name: string };
      await tx.execute(sql`insert into access_logs (company_id, at, point_name, site_id, site_name, person_name, access_type, status, reason)
        values (${companyId}, ${at(1 + random() * (days * 24 - 2))}::timestamptz, 'Porte principale', ${site.id}, ${site.name},
                ${refused ? '@Inconnu' : 'Hélène Dupré'}, 'qrcode', ${refused ? 'Refusé' : 'Autorisé'}, ${refused ? 'Badge suspendu' : null})`);
    }
    // Agent 0 is on duty now on site 0; agent 1 worked a finished shift yesterday on site 1.
    await tx.execute(sql`insert into shifts (company_id, agent_id, site_id, type, status, starts_at, ends_at, local_date, start_time, end_time,
                                           worked_minutes, clock_in_at, clock_out_at)
      values (${companyId}, ${agents[0]?.id}, ${siteIds[0]}, 'custom', 'En cours', ${at(2)}::timestamptz, ${at(-6)}::timestamptz,
              ${at(2).slice(0, 10)}::date, '08:00', '16:00', 480, ${at(1.9)}::timestamptz, null),
             (${companyId}, ${agents[1]?.id}, ${siteIds[1]}, 'custom', 'Terminé', ${at(30)}::timestamptz, ${at(22)}::timestamptz,
              ${at(30).slice(0, 10)}::date, '08:00', '16:00', 480, ${at(29.75)}::timestamptz, ${at(22)}::timestamptz)`);
    return cams.map((c) => c.id);
  });
  return { siteIds, cameraIds, agentIds: agents.map((a) => a.id) };
}
