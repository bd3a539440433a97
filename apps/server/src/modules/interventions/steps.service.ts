// The agent moves his intervention along: accept or refuse (with a reason, back to the control
// room), en route, on site (inside the site's geofence, or after scanning one of its checkpoints),
// and done with a short report (text and photos) that joins the site's main courante and the
// alarm's file. Each step is stamped with the server's time and the phone's position when sent.
import type {
  finishBody,
  onSiteBody,
  PhonePositionInput,
  refuseBody,
} from '@vigie/contract/interventions.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { distanceMetres } from '../../lib/geo';
import type { AuthContext } from '../../plugins/auth';
import { appendSystemEntry, photoBytes } from '../logbook/logbook.service';
import { ACCURACY_BONUS_MAX_M } from '../planning/clock.service';
import { siteForPlanning } from '../sites/sites.service';
import { type InterventionAction, stateLabel, transitions } from './intervention-states';
import { interventionErrors as errors } from './interventions.errors';
import type { InterventionRow } from './interventions.models';
import * as repo from './interventions.repository';
import { actorOf, detailFor, requireAgent } from './interventions.service';
import { recordStep, warn } from './record.service';

type Position = PhonePositionInput | null;

/**
 * Loads the agent's own intervention (locked), checks the move, runs `work` (which answers the
 * repository's move and the step's details), records the step and answers the new state.
 */
async function agentStep(
  db: Database,
  auth: AuthContext,
  id: string,
  action: InterventionAction,
  position: Position,
  now: Date,
  work: (
    tx: Tx,
    row: InterventionRow,
    agent: { id: string; name: string },
  ) => Promise<{
    move: repo.Move;
    details?: Record<string, unknown>;
    report?: { text: string; photoFileIds: string[] };
    after?: (tx: Tx, row: InterventionRow) => Promise<void>;
  }>,
) {
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.findIntervention(tx, auth.companyId, id, true);
    if (!row) throw errors.notFound();
    const agent = await requireAgent(tx, auth);
    // Another agent's intervention is not to be known to an agent.
    if (row.agentId !== agent.id) throw errors.notFound();
    const t = transitions[action];
    if (!t.from.includes(row.state)) throw errors.transition(stateLabel(row.state), stateLabel(t.to));
    const done = await work(tx, row, agent);
    if (!(await repo.move(tx, auth.companyId, id, t.from, done.move, now)))
      throw errors.transition(stateLabel(row.state), stateLabel(t.to));
    const after = (await repo.findIntervention(tx, auth.companyId, id)) ?? row;
    await recordStep(tx, auth.companyId, after, {
      kind: t.to,
      actor: actorOf(auth),
      agentId: agent.id,
      at: now,
      position,
      ...(done.details ? { details: done.details } : {}),
      ...(done.report ? { report: done.report } : {}),
    });
    await done.after?.(tx, after);
    return detailFor(tx, auth, after, now);
  });
}

export const accept = (db: Database, auth: AuthContext, id: string, position: Position, now = new Date()) =>
  agentStep(db, auth, id, 'accept', position, now, async () => ({ move: { to: 'accepted' } }));

export const enRoute = (db: Database, auth: AuthContext, id: string, position: Position, now = new Date()) =>
  agentStep(db, auth, id, 'en_route', position, now, async () => ({ move: { to: 'en_route' } }));

export const refuse = (
  db: Database,
  auth: AuthContext,
  id: string,
  body: z.output<typeof refuseBody>,
  now = new Date(),
) =>
  agentStep(db, auth, id, 'refuse', body.position, now, async (_tx, row, agent) => ({
    move: { to: 'refused', reason: body.reason },
    details: { reason: body.reason },
    after: (tx) =>
      warn(
        tx,
        auth.companyId,
        {
          kind: 'intervention.refused',
          severity: 'warning',
          audience: { roles: ['admin', 'operator'] },
          title: 'Intervention refusée — {agent}',
          titleValues: { agent: agent.name.slice(0, 150) },
          body: "{agent} refuse l'intervention sur {site} : {reason}. Proposez-la à un autre agent.",
          bodyValues: {
            agent: agent.name.slice(0, 150),
            site: row.siteName.slice(0, 150),
            reason: body.reason.slice(0, 150),
          },
          link: row.alarmId ? `/dashboard/alarms?alarm=${row.alarmId}` : '/dashboard/alarms',
        },
        now,
      ),
  }));

/**
 * « Sur place »: the phone's position inside the site's geofence (its radius plus the position's
 * accuracy, up to 150 m, as at clock-in), or a scan by this agent's account of one of the site's
 * guard-tour checkpoints since he accepted (tour_scans.created_by, through the guard-tours fragment).
 */
export const onSite = (
  db: Database,
  auth: AuthContext,
  id: string,
  body: z.output<typeof onSiteBody>,
  now = new Date(),
) =>
  agentStep(db, auth, id, 'on_site', body.position, now, async (tx, row) => {
    if (body.checkpoint) {
      const since = row.acceptedAt ?? row.proposedAt;
      if (!(await repo.scannedCheckpointSince(tx, auth.companyId, row.siteId, auth.userId, since)))
        throw errors.noCheckpointScan();
      return { move: { to: 'on_site', by: 'checkpoint' }, details: { onSiteBy: 'checkpoint' } };
    }
    const p = body.position;
    if (!p) throw errors.positionRequired();
    const site = await siteForPlanning(tx, auth.companyId, row.siteId);
    if (!site || site.latitude === null || site.longitude === null) throw errors.siteNotLocated();
    const distance = distanceMetres({ lat: site.latitude, lng: site.longitude }, p);
    const allowed = site.geofenceRadiusM + Math.min(p.accuracy, ACCURACY_BONUS_MAX_M);
    if (distance > allowed) throw errors.tooFar(Math.round(distance), Math.round(allowed));
    return {
      move: { to: 'on_site', by: 'geofence' },
      details: { onSiteBy: 'geofence', distanceM: Math.round(distance) },
    };
  });

/** The closing report: a system entry on the site's main courante (with the photos) and the file. */
export async function finish(
  db: Database,
  auth: AuthContext,
  id: string,
  body: z.output<typeof finishBody>,
  now = new Date(),
) {
  // Image work before the transaction.
  const images = await photoBytes(body.photos);
  return agentStep(db, auth, id, 'finish', body.position, now, async (tx, row, agent) => {
    const entry = await appendSystemEntry(tx, {
      companyId: auth.companyId,
      siteId: row.siteId,
      category: 'intervention',
      text: `Compte rendu d'intervention de ${agent.name}${row.alarmTitle ? ` (alarme « ${row.alarmTitle} »)` : ''} : ${body.report}`,
      author: `Intervention — ${agent.name}`,
      occurredAt: now,
      images,
    });
    const photoIds = entry?.photoIds ?? [];
    return {
      move: { to: 'done', report: body.report, logbookEntryId: entry?.id ?? null },
      details: { photoIds, logbookEntryId: entry?.id ?? null },
      report: { text: body.report, photoFileIds: photoIds },
    };
  });
}
