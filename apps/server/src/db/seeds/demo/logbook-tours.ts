// Step 6: main courante entries on the active sites (written by the manager, and by the agents with
// an account during their own services, as the product requires), then guard tours on the linked
// agents' sites with past rounds walked checkpoint by checkpoint (scans of the real signed labels).

import { createRoundBody, createTourBody, scanBody } from '@vigie/contract/guard-tours.contract';
import { createLogbookEntryBody } from '@vigie/contract/logbook.contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createRound } from '../../../modules/guard-tours/rounds.service';
import { scan } from '../../../modules/guard-tours/scans.service';
import { createTour } from '../../../modules/guard-tours/tours.service';
import { createEntry } from '../../../modules/logbook/logbook.service';
import { shifts } from '../../schema';
import { agentAuth, DAY_MS, type DemoContext, loadSeeded } from './context';

const MANAGER_LINES: ['consigne' | 'passage' | 'appel' | 'incident' | 'intervention', string][] = [
  ['consigne', 'Nouvelle consigne client : contrôle visuel des sacs à l’entrée jusqu’à nouvel ordre.'],
  ['passage', 'Passage du responsable de secteur, consignes vérifiées, registre à jour.'],
  [
    'appel',
    'Appel du client : livraison exceptionnelle prévue demain à 6 h, prévoir l’ouverture du portail.',
  ],
  ['incident', 'Vitre fissurée constatée sur la porte de service, photo transmise au client.'],
  [
    'intervention',
    'Intervention de l’entreprise de maintenance sur la barrière du parking, badge provisoire remis.',
  ],
  ['consigne', 'Rappel : tester les issues de secours chaque lundi et noter le résultat.'],
];
const AGENT_LINES: ['ronde' | 'relève' | 'passage' | 'incident', string][] = [
  ['relève', 'Prise de service, relève effectuée, consignes lues et matériel vérifié (radio, lampe, clés).'],
  ['ronde', 'Ronde extérieure effectuée, clôtures intactes, éclairage du parking fonctionnel.'],
  ['passage', 'Passage de la société de nettoyage, badges contrôlés.'],
  ['incident', 'Personne non autorisée raccompagnée vers la sortie sans incident.'],
  ['relève', 'Fin de service, aucune anomalie en cours, clés remises au poste.'],
];

export async function seedLogbookAndTours(ctx: DemoContext) {
  const { rng, db, auth, secrets } = ctx;
  const { sites, agents } = await loadSeeded(ctx);
  const now = ctx.now.getTime();
  // The manager's entries, oldest first (each site's entries form a hash chain in their order).
  const entries: { siteId: string; at: number; line: (typeof MANAGER_LINES)[number] }[] = [];
  for (const site of sites.filter((s) => s.status === 'active')) {
    for (let k = 0; k < 3; k += 1)
      entries.push({
        siteId: site.id,
        at: now - rng.int(30, 10 * 24 * 60) * 60_000,
        line: rng.pick(MANAGER_LINES),
      });
  }
  entries.sort((a, b) => a.at - b.at);
  for (const e of entries) {
    await createEntry(
      db,
      auth,
      createLogbookEntryBody.parse({
        siteId: e.siteId,
        occurredAt: new Date(e.at).toISOString(),
        category: e.line[0],
        text: e.line[1],
      }),
    );
  }

  // The linked agents' own entries and rounds, during their clocked services of the last week.
  const linked = agents.filter((a) => a.userId !== null && a.assignedSiteId !== null);
  for (const agent of linked) {
    const me = agentAuth(ctx, agent.userId as string, agent.name);
    const site = sites.find((s) => s.id === agent.assignedSiteId);
    if (!site) continue;
    const tour = await createTour(
      db,
      secrets,
      auth,
      createTourBody.parse({
        siteId: site.id,
        name: `Ronde de sûreté — ${site.name}`.slice(0, 120),
        expectedMinutes: 30,
        orderMode: 'fixed',
        checkpoints: [
          { name: 'Poste de garde', kind: 'qr', instructions: 'Vérifier le registre des clés' },
          {
            name: 'Issue de secours nord',
            kind: 'qr',
            instructions: 'Porte fermée, barre antipanique libre',
          },
          { name: 'Parking', kind: 'qr' },
          { name: 'Local technique', kind: 'qr', instructions: 'Aucune alarme sur le tableau' },
        ],
      }),
    );
    const worked = await db.withTenant(auth.companyId, (tx) =>
      tx
        .select({ start: shifts.startsAt, end: shifts.endsAt, clockOut: shifts.clockOutAt })
        .from(shifts)
        .where(
          and(
            eq(shifts.companyId, auth.companyId),
            eq(shifts.agentId, agent.id),
            isNotNull(shifts.clockInAt),
          ),
        ),
    );
    for (const s of worked
      .filter((w) => w.start.getTime() > now - 8 * DAY_MS)
      .sort((a, b) => +a.start - +b.start)) {
      const running = s.clockOut === null;
      const startAt = s.start.getTime();
      const lines = running ? AGENT_LINES.slice(0, 2) : AGENT_LINES;
      for (const [k, [category, text]] of lines.entries()) {
        const at = startAt + (k === AGENT_LINES.length - 1 ? 11.8 : 0.1 + k * 2.5) * 3_600_000;
        if (at >= now) continue;
        await createEntry(
          db,
          me,
          createLogbookEntryBody.parse({
            siteId: site.id,
            occurredAt: new Date(at).toISOString(),
            category,
            text,
          }),
          ctx.now,
        );
      }
      // A round in the service: all checkpoints when it is over; two of four in the running one.
      const roundAt = running ? now - 20 * 60_000 : startAt + 3 * 3_600_000;
      if (roundAt < startAt) continue;
      const round = await createRound(
        db,
        auth,
        tour.id,
        createRoundBody.parse({ agentId: agent.id, start: true }),
        new Date(roundAt),
      );
      const cps = running ? tour.checkpoints.slice(0, 2) : tour.checkpoints;
      for (const [k, cp] of cps.entries()) {
        const at = new Date(roundAt + (k + 1) * rng.int(4, 8) * 60_000);
        await scan(
          db,
          secrets,
          me,
          round.id,
          scanBody.parse({
            code: cp.code ?? undefined,
            scannedAt: at.toISOString(),
            position: { latitude: (site.latitude ?? 0) + 0.0002 * k, longitude: site.longitude ?? 0 },
            ...(k === 2 && rng.chance(0.3) ? { note: 'Éclairage du parking défaillant côté est.' } : {}),
          }),
          at,
        );
      }
    }
  }
}
