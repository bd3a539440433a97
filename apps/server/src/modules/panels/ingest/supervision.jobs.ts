// Line supervision: a supervised panel silent for longer than its interval has lost its link. Every
// PANEL_SUPERVISION_INTERVAL_MS (30 s; 0 = off, as in the tests, which run the pass with their own
// clock), the owner-run `panel_supervision_candidates` lists such panels across companies; each is
// then marked 'lost' under its company's RLS, only if still overdue (a frame may have arrived since),
// and raises ONE « Perte de liaison » alarm — none in test mode. Its next frame restores the link
// (« Liaison rétablie » in the main courante, written by the ingest).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { every } from '../../../plugins/periodic';
import { insertAlarm, systemActor } from '../../alarms/alarms.service';
import { markLinkLost, supervisionCandidates } from './ingest.repository';
import { cleanText } from './signal-text';

const parisTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** One pass; answers how many links were found lost. */
export async function runSupervisionPass(
  db: Database,
  now: Date = new Date(),
  onError: (err: unknown) => void = (err) => {
    throw err;
  },
): Promise<number> {
  const candidates = await supervisionCandidates(db, now);
  let lost = 0;
  for (const c of candidates) {
    // One company's failure must not keep the others' losses from being raised.
    const changed = await db
      .withTenant(
        c.company_id,
        async (tx) => {
          const panel = await markLinkLost(tx, c.company_id, c.panel_id, now);
          if (!panel) return false;
          const inTest = panel.testUntil !== null && panel.testUntil.getTime() > now.getTime();
          if (!inTest) {
            await insertAlarm(
              tx,
              { ...systemActor(c.company_id), name: 'Supervision des centrales' },
              {
                siteId: panel.siteId,
                type: 'technical',
                severity: 'high',
                title: 'Perte de liaison',
                description: cleanText(
                  `La centrale ${panel.name} (compte ${panel.account}) n’a envoyé aucun signal depuis plus de ${panel.supervisionMinutes} min (dernier signal le ${parisTime.format(panel.lastSignalAt)}).`,
                  2000,
                ),
                location: cleanText(panel.name, 200),
                triggeredBy: 'Supervision de la liaison',
                cameraId: null,
              },
            );
          }
          return true;
        },
        // The same lock as the panel's frames: a frame arriving now is either before (then the panel is
        // no longer overdue) or after (then it restores the link).
        { lockKey: `panel:${c.panel_id}` },
      )
      .catch((err: unknown) => {
        onError(err);
        return false;
      });
    if (changed) lost++;
  }
  return lost;
}

export function registerPanelSupervision(app: FastifyInstance) {
  every(
    app,
    'panel supervision',
    app.config.panelSupervisionIntervalMs,
    () =>
      runSupervisionPass(app.db, new Date(), (err) =>
        app.log.error({ err }, 'panel supervision: a panel could not be marked lost'),
      ),
    false,
  );
}
