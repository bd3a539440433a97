// The daily licence check: a CNAPS card expiring within 3 months, a qualification within 30 days,
// anything expired — one notification per agent, alert and day of expiry for each administrator
// (the dedupe key keeps the next days' passes from repeating it).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notify } from '../notifications/notifications.service';
import { qualificationsOf } from './agents.models';
import { allAgentLicences } from './agents.repository';
import { todayOf } from './agents.service';
import { licenceAlerts } from './rules/licence-rules';

export async function checkLicences(db: Database) {
  const companies = rowsOf<{ company_id: string }>(
    await db.direct.execute(sql`select company_id from companies_with_agents()`),
  );
  let sent = 0;
  for (const { company_id: companyId } of companies) {
    sent += await db.withTenant(companyId, async (tx) => {
      const { today } = await todayOf(tx, companyId);
      let n = 0;
      for (const agent of await allAgentLicences(tx, companyId)) {
        const alerts = licenceAlerts(
          {
            cnapsNumber: agent.cnapsNumber,
            cnapsExpiresOn: agent.cnapsExpiresOn,
            qualifications: qualificationsOf(agent),
          },
          today,
        );
        for (const alert of alerts) {
          const expired = alert.kind.endsWith('expired') || alert.kind === 'cnaps_missing';
          n += await notify(tx, companyId, {
            kind: `licence.${alert.kind}`,
            severity: expired ? 'critical' : 'warning',
            audience: { roles: ['admin'] },
            title: `${agent.name} : ${expired ? 'habilitation non valide' : 'habilitation bientôt expirée'}`,
            body: alert.message,
            link: `/dashboard/planning?agent=${agent.id}`,
            dedupeKey: `licence:${agent.id}:${alert.kind}:${alert.qualification ?? 'cnaps'}:${alert.expiresOn ?? ''}`,
          });
        }
      }
      return n;
    });
  }
  return sent;
}
