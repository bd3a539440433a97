// Step 4: access points with their reader keys, badges (through the access service, so QR codes
// carry real signatures) and two weeks of access logs, each one a real check of a presented
// credential by the reader (checkAccess with the moment of the passage): the decisions, refusal
// reasons and burst alarms are the product's own.
import { createAccessPointBody, createBadgeBody, updateBadgeBody } from '@vigie/contract/access.contract';
import { badgeQr, createBadge, updateBadge } from '../../../modules/access/badges.service';
import { checkAccess } from '../../../modules/access/check.service';
import { createPoint, createPointKey } from '../../../modules/access/points.service';
import type { DeviceContext } from '../../../modules/integrations/integrations.service';
import { runPool } from './agents-shifts';
import { addDays, DAY_MS, type DemoContext, loadSeeded, localDay } from './context';

const KINDS = ['porte', 'portail', 'barrière', 'tourniquet'] as const;
const POINT_NAMES: Record<(typeof KINDS)[number], string> = {
  porte: 'Porte du personnel',
  portail: 'Portail livraisons',
  barrière: 'Barrière parking',
  tourniquet: 'Tourniquet hall',
};
const STAFF = [
  'Marion Lefort',
  'Paul Besson',
  'Nora Saïdi',
  'Eric Vasseur',
  'Claire Joubert',
  'Hamid Aït-Ali',
  'Lina Rossi',
  'Victor Hamon',
  'Agnès Poulain',
  'Jonathan Klein',
  'Salomé Charpentier',
  'Franck Delmas',
];
const DEPARTMENTS = ['Maintenance', 'Accueil', 'Logistique', 'Direction', 'Nettoyage', 'Informatique'];

export async function seedAccess(ctx: DemoContext) {
  const { rng, db, auth, secrets } = ctx;
  const { sites, agents } = await loadSeeded(ctx);
  // Every active site has its readers (the dashboard and the site list show their count): two or
  // three on the first eight, one on the others.
  const served = sites.filter((s) => s.status === 'active');
  const points: { id: string; siteId: string; device: DeviceContext }[] = [];
  for (const [i, site] of served.entries()) {
    for (let p = 0; p < (i >= 8 ? 1 : i % 3 === 0 ? 3 : 2); p += 1) {
      const kind = KINDS[(i + p) % KINDS.length] ?? 'porte';
      const point = await createPoint(
        db,
        auth,
        createAccessPointBody.parse({ name: `${POINT_NAMES[kind]} — ${site.name}`, siteId: site.id, kind }),
      );
      const key = await createPointKey(db, auth, point.id, `Lecteur ${POINT_NAMES[kind].toLowerCase()}`);
      points.push({
        id: point.id,
        siteId: site.id,
        device: {
          companyId: auth.companyId,
          keyId: key.id,
          name: key.name,
          scope: 'access_point',
          accessPointId: point.id,
        },
      });
    }
  }
  const today = localDay(ctx.now);
  const holders: { badgeId: string; siteId: string; credential: string; type: 'qrcode' | 'nfc' }[] = [];
  // Client staff: NFC cards limited to their site, office hours for some.
  for (const [i, name] of STAFF.entries()) {
    const site = served[i % served.length];
    if (!site) continue;
    const uid = Array.from({ length: 7 }, () => rng.int(0, 255).toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
    const badge = await createBadge(
      db,
      auth,
      createBadgeBody.parse({
        badgeType: 'nfc',
        badgeId: `NFC-${String(1001 + i)}`,
        holderName: name,
        department: DEPARTMENTS[i % DEPARTMENTS.length],
        nfcUid: uid,
        expiryDate: i === 7 ? addDays(today, -3) : addDays(today, 365),
        allowedSiteIds: [site.id],
        ...(i % 4 === 1 ? { timeWindows: [{ days: [1, 2, 3, 4, 5], start: '07:00', end: '20:00' }] } : {}),
      }),
    );
    holders.push({ badgeId: badge.id, siteId: site.id, credential: uid, type: 'nfc' });
  }
  // The agents of the served sites: QR badges whose signed payload the reader checks.
  for (const agent of agents.filter((a) => served.some((s) => s.id === a.assignedSiteId))) {
    const badge = await createBadge(
      db,
      auth,
      createBadgeBody.parse({
        badgeType: 'qrcode',
        badgeId: `QR-${agent.badge}`,
        holderName: agent.name,
        department: 'Sécurité',
        agentId: agent.id,
        expiryDate: addDays(today, 730),
        allowedSiteIds: [agent.assignedSiteId],
      }),
    );
    const qr = await badgeQr(db, secrets, auth, badge.id);
    holders.push({
      badgeId: badge.id,
      siteId: agent.assignedSiteId ?? '',
      credential: qr.payload,
      type: 'qrcode',
    });
  }
  // One card suspended after a loss.
  const lost = holders[2];
  if (lost) await updateBadge(db, auth, lost.badgeId, updateBadgeBody.parse({ status: 'Suspendu' }));

  const now = ctx.now.getTime();
  const checks: (() => Promise<void>)[] = [];
  for (let day = 13; day >= 0; day -= 1) {
    for (let k = 0; k < 30; k += 1) {
      const at = now - day * DAY_MS - rng.int(10, 14 * 60) * 60_000;
      if (at >= now) continue;
      const holder = rng.pick(holders);
      // Mostly at the holder's own site; now and then at another one (refused: site not allowed).
      const own = points.filter((p) => p.siteId === holder.siteId);
      const point = rng.chance(0.9) && own.length > 0 ? rng.pick(own) : rng.pick(points);
      const unknown = rng.chance(0.04);
      checks.push(async () => {
        await checkAccess(
          db,
          secrets,
          point.device,
          { credential: unknown ? '04A1B2C3D4E5F6' : holder.credential, type: unknown ? 'nfc' : holder.type },
          new Date(at),
        );
      });
    }
  }
  await runPool(checks, 16);
}
