// The demo company's data, module by module, through the services (so every rule of the product
// holds for demo data). Each step records a marker in the audit log when it is complete; a seed
// interrupted mid-way (a crash, Ctrl-C) resumes at the next start from the first step without its
// marker. The first steps skip what they find already there (sites and cameras by name, agents by
// badge, shifts by agent and day); the later ones (alarms to reports) are short and would be
// written again in full if the process died inside one of them.
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../../modules/audit/audit.service';
import { auditLog } from '../../schema';
import { seedAccess } from './access';
import { seedAgents } from './agents';
import { seedShifts } from './agents-shifts';
import { seedAlarms } from './alarms';
import type { DemoContext } from './context';
import { seedLogbookAndTours } from './logbook-tours';
import { seedPanels } from './panels';
import { seedRadio } from './radio';
import { seedReports } from './reports';
import { seedSitesAndCameras } from './sites-cameras';

const STEPS: [string, (ctx: DemoContext) => Promise<void>][] = [
  ['sites-cameras', seedSitesAndCameras],
  ['agents', seedAgents],
  ['shifts', seedShifts],
  ['alarms', seedAlarms],
  ['access', seedAccess],
  ['radio', seedRadio],
  ['logbook-tours', seedLogbookAndTours],
  ['reports', seedReports],
  ['panels', seedPanels],
];

export const DEMO_MARKER = 'demo.step_seeded';

async function doneSteps(ctx: DemoContext) {
  const companyId = ctx.auth.companyId;
  const rows = await ctx.db.withTenant(companyId, (tx) =>
    tx
      .select({ step: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, DEMO_MARKER))),
  );
  return new Set(rows.map((r) => r.step));
}

/** Runs the steps not yet complete; answers how many ran. */
export async function seedDemoData(
  ctx: DemoContext,
  log: (line: string) => void = () => {},
  /** Tests: stop after this many steps, as an interrupted seed would. */
  stopAfter = STEPS.length,
) {
  const done = await doneSteps(ctx);
  let ran = 0;
  for (const [name, step] of STEPS) {
    if (done.has(name)) continue;
    if (ran >= stopAfter) break;
    const started = Date.now();
    await step(ctx);
    await ctx.db.withTenant(ctx.auth.companyId, (tx) =>
      recordAudit(tx, {
        companyId: ctx.auth.companyId,
        actorUserId: ctx.auth.userId,
        action: DEMO_MARKER,
        entity: 'demo',
        entityId: name,
      }),
    );
    log(`démo : ${name} (${Date.now() - started} ms)`);
    ran += 1;
  }
  return ran;
}
