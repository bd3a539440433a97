// Step 3: thirty days of alarms in every status and severity. The alarms service takes no time of
// triggering (an alarm happens now), so the history is written with the module's repository
// functions in one tenant transaction (insertAlarms: the alarm, its 'created' timeline entry, its
// audit entry and event; markAcknowledged / markResolved and insertTimeline for the follow-up, as
// the service does), then dated back in the same transaction: only the timestamps change, every
// rule of the alarms (site of the company, camera of that site, status transitions) was applied by
// the repository's statements themselves. Only the alarms still open notify the control room.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { newAlarmsNotificationSql } from '../../../modules/alarms/alarm-notifications.repository';
import * as repo from '../../../modules/alarms/alarms.repository';
import { recordAudits } from '../../../modules/audit/audit.service';
import { DAY_MS, type DemoContext, loadSeeded } from './context';

type Kind = 'intrusion' | 'fire' | 'access_denied' | 'panic' | 'technical';
const TEMPLATES: [Kind, 'low' | 'medium' | 'high' | 'critical', string, string][] = [
  [
    'intrusion',
    'high',
    'Détection de mouvement hors horaires',
    'Mouvement détecté par la caméra en dehors des heures d’ouverture.',
  ],
  [
    'intrusion',
    'critical',
    'Intrusion sur clôture périmétrique',
    'Franchissement détecté sur la clôture, levée de doute en cours.',
  ],
  ['intrusion', 'medium', 'Porte forcée', 'Ouverture de porte sans badge valide détectée par le contact.'],
  [
    'fire',
    'critical',
    'Déclenchement détecteur incendie',
    'Détecteur de fumée déclenché, agent SSIAP envoyé sur place.',
  ],
  ['fire', 'high', 'Alarme technique SSI', 'Défaut signalé par le système de sécurité incendie.'],
  ['access_denied', 'low', 'Badge refusé à répétition', 'Trois refus consécutifs sur le même lecteur.'],
  [
    'access_denied',
    'medium',
    'Tentative d’accès zone réservée',
    'Badge non autorisé présenté à l’entrée de la zone réservée.',
  ],
  ['panic', 'critical', 'Bouton d’alerte actionné', 'Alerte déclenchée par le personnel d’accueil.'],
  ['technical', 'low', 'Coupure d’alimentation secteur', 'Bascule sur batterie de la centrale d’alarme.'],
  [
    'technical',
    'medium',
    'Perte de liaison transmetteur',
    'Le transmetteur ne répond plus au test cyclique.',
  ],
  ['technical', 'low', 'Batterie faible détecteur', 'Niveau de batterie bas sur un détecteur sans fil.'],
];
const NOTES = [
  'Levée de doute effectuée : fausse alarme (animal).',
  'Ronde de vérification effectuée, rien à signaler.',
  'Intervention de l’agent, site sécurisé, client prévenu.',
  'Technicien de maintenance passé, équipement remplacé.',
  'Pompiers non nécessaires : fumée de cuisine, détecteur réarmé.',
  'Personne identifiée, badge réactivé par le client.',
];

export async function seedAlarms(ctx: DemoContext) {
  const { rng, auth } = ctx;
  const { sites, cameras } = await loadSeeded(ctx);
  const active = sites.filter((s) => s.status === 'active');
  const now = ctx.now.getTime();
  type Planned = { alarm: repo.NewAlarm; at: number; ack: number | null; res: number | null; note: string };
  const planned: Planned[] = [];
  for (let day = 0; day < 30; day += 1) {
    // Busier on some days: the trend chart gets a shape.
    const count = 3 + rng.int(0, 4) + (day % 7 === 5 ? 3 : 0);
    for (let k = 0; k < count; k += 1) {
      const at = now - day * DAY_MS - rng.int(5, 23 * 60) * 60_000;
      if (at > now - 5 * 60_000) continue;
      const site = rng.pick(active);
      const [type, severity, title, description] = rng.pick(TEMPLATES);
      const cams = cameras.filter((c) => c.siteId === site.id);
      const camera = type === 'intrusion' && cams.length > 0 ? rng.pick(cams) : null;
      const age = now - at;
      // Recent alarms may still be open; older ones were handled within minutes or hours.
      const roll = rng.next();
      const status =
        age < 2 * DAY_MS
          ? roll < 0.35
            ? 'active'
            : roll < 0.65
              ? 'acknowledged'
              : 'resolved'
          : roll < 0.06
            ? 'acknowledged'
            : 'resolved';
      const ack = status === 'active' ? null : Math.min(at + rng.int(1, 25) * 60_000, now - 60_000);
      const res =
        status === 'resolved' && ack !== null
          ? Math.min(ack + rng.int(10, 240) * 60_000, now - 30_000)
          : null;
      planned.push({
        alarm: {
          id: randomUUID(),
          siteId: site.id,
          cameraId: camera?.id ?? null,
          type,
          severity,
          title,
          description,
          location: camera ? `${site.name} — ${camera.location}` : site.name,
          triggeredBy: camera
            ? camera.name
            : type === 'panic'
              ? 'Bouton d’alerte accueil'
              : 'Centrale d’alarme',
          source: 'device',
          authorUserId: null,
          authorName: 'Centrale d’alarme',
        },
        at,
        ack,
        res,
        note: rng.pick(NOTES),
      });
    }
  }
  const by = auth.user.name;
  await ctx.db.withTenant(auth.companyId, async (tx) => {
    await repo.insertAlarms(
      tx,
      auth.companyId,
      planned.map((p) => p.alarm),
    );
    const timeline: Parameters<typeof repo.insertTimeline>[2] = [];
    for (const p of planned) {
      if (p.ack !== null && p.res === null) {
        await repo.markAcknowledged(tx, auth.companyId, p.alarm.id, by);
        timeline.push({
          alarmId: p.alarm.id,
          kind: 'acknowledged',
          authorUserId: auth.userId,
          author: by,
          note: null,
        });
      }
      if (p.res !== null) {
        await repo.markAcknowledged(tx, auth.companyId, p.alarm.id, by);
        await repo.markResolved(tx, auth.companyId, repo.byId(p.alarm.id), by, p.note);
        timeline.push(
          { alarmId: p.alarm.id, kind: 'acknowledged', authorUserId: auth.userId, author: by, note: null },
          { alarmId: p.alarm.id, kind: 'resolved', authorUserId: auth.userId, author: by, note: p.note },
        );
      }
    }
    await repo.insertTimeline(tx, auth.companyId, timeline);
    await recordAudits(
      tx,
      timeline.map((e) => ({
        companyId: auth.companyId,
        actorUserId: auth.userId,
        action: `alarm.${e.kind}`,
        entity: 'alarm',
        entityId: e.alarmId,
      })),
    );
    // Back-dating: the moments of the history (the rows were written now).
    const dates = JSON.stringify(
      planned.map((p) => ({
        id: p.alarm.id,
        at: new Date(p.at).toISOString(),
        ack: p.ack === null ? null : new Date(p.ack).toISOString(),
        res: p.res === null ? null : new Date(p.res).toISOString(),
      })),
    );
    await tx.execute(sql`
      with d as (select * from jsonb_to_recordset(${dates}::jsonb) as r(id uuid, at timestamptz, ack timestamptz, res timestamptz))
      update alarms a set triggered_at = d.at, acknowledged_at = d.ack, resolved_at = d.res,
             updated_at = coalesce(d.res, d.ack, d.at)
        from d where a.company_id = ${auth.companyId} and a.id = d.id`);
    await tx.execute(sql`
      with d as (select * from jsonb_to_recordset(${dates}::jsonb) as r(id uuid, at timestamptz, ack timestamptz, res timestamptz))
      update alarm_events e set created_at = case e.kind when 'created' then d.at when 'acknowledged' then d.ack else d.res end
        from d where e.company_id = ${auth.companyId} and e.alarm_id = d.id`);
    const open = planned.filter((p) => p.ack === null).map((p) => p.alarm.id);
    if (open.length > 0) await tx.execute(newAlarmsNotificationSql(auth.companyId, open));
  });
}
