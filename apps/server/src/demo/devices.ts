// One act of each simulated device: an alarm panel's heartbeat, alarm or arming (DC-09 to the
// receiver, panels.ts), and through the device API with the device's own key, a reader's badge
// check, a handset's status or transmission.
import type { DeviceHttp } from './http';
import type { PanelFleet } from './panels';
import type { SimulatorSetup } from './setup';

export interface Act {
  http: DeviceHttp;
  setup: SimulatorSetup;
  /** The alarm panels and their connections to the receiver. */
  panels: PanelFleet;
  random: () => number;
  now: () => Date;
  /** The next handset to report (they take turns, so each one stays online). */
  radioTurn: number;
  /** The next reader to check a badge (they take turns, so each one answers within minutes). */
  readerTurn: number;
}

const pick = <T>(random: () => number, list: readonly T[]): T | undefined =>
  list[Math.floor(random() * list.length)];

/** Every panel's heartbeat: a DC-09 link test each (or, as a fallback, the JSON heartbeat). */
export async function beat(a: Act) {
  await a.panels.beat();
}

/** One panel raises one alarm; answers its restore, to send a little later, or null. */
export async function raiseAlarm(a: Act) {
  return a.panels.raiseAlarm();
}

/** A user arms or disarms a panel (DC-09 only): an entry of the site's main courante. */
export async function armOrDisarm(a: Act) {
  await a.panels.arming();
}

/**
 * A badge presented at a reader: mostly a holder of the reader's site (granted, unless the badge
 * is suspended, expired or outside its hours), now and then someone from another site or an unknown
 * card (refused). The readers take turns unless one is given.
 */
export async function checkBadge(a: Act, reader = a.setup.readers[a.readerTurn++ % a.setup.readers.length]) {
  if (!reader) return;
  const r = a.random();
  const own = a.setup.credentials.filter((c) => c.siteIds.includes(reader.siteId));
  const holder =
    r < 0.88 && own.length > 0
      ? pick(a.random, own)
      : r < 0.95
        ? pick(a.random, a.setup.credentials)
        : undefined;
  const body = holder
    ? { credential: holder.credential, type: holder.type }
    : {
        credential: `04${Math.floor(a.random() * 0xffffffffffff)
          .toString(16)
          .toUpperCase()
          .padStart(12, '0')}`,
        type: 'nfc',
      };
  await a.http.expect(200, 'POST', '/api/access/check', { headers: { 'x-api-key': reader.key }, body });
}

/** Every reader at once checks one badge: at start, so that access control reads as answering. */
export async function readerRound(a: Act) {
  await Promise.all(a.setup.readers.map((reader) => checkBadge(a, reader)));
}

/** A few handsets, in turn, report battery, signal and a position that wanders around their post. */
export async function radioStatus(a: Act, count = 3) {
  for (let i = 0; i < count; i += 1) {
    const h = a.setup.handsets[a.radioTurn % Math.max(1, a.setup.handsets.length)];
    a.radioTurn += 1;
    if (!h) return;
    h.battery = h.battery <= 15 ? 100 : h.battery - (a.random() < 0.3 ? 1 : 0);
    await a.http.expect(200, 'POST', '/api/radio/device/status', {
      headers: { 'x-api-key': a.setup.radioKey },
      body: {
        imei: h.imei,
        battery: h.battery,
        signal: 40 + Math.floor(a.random() * 60),
        position: {
          lat: h.lat + (a.random() - 0.5) * 0.001,
          lng: h.lng + (a.random() - 0.5) * 0.001,
          accuracy: 8 + Math.floor(a.random() * 20),
        },
      },
    });
  }
}

const ROUTINE = [
  'PC de Alpha 1, ronde terminée, rien à signaler',
  'Alpha 2 pour PC, je prends mon poste au portail principal',
  'PC, livraison arrivée au quai 2, je contrôle les documents',
  'Fermeture des accès du bâtiment B effectuée',
  'PC, pouvez-vous vérifier la caméra du parking ?',
  'Visiteur accompagné jusqu’à l’accueil',
  'Contrôle des extincteurs du niveau 1 fait, tous en place',
  'Véhicule inconnu parking visiteurs, je relève la plaque',
  'Plaque relevée, prestataire attendu, fin de levée de doute',
  'Test radio, est-ce que vous me recevez ?',
  'Reçu cinq sur cinq',
  'Début de ronde, départ du poste de garde',
  'Porte du local technique refermée, c’est réglé',
];
const EMERGENCIES = [
  'Au secours, on m’agresse au portail nord',
  'PC, départ de feu dans le local poubelles, fumée importante, j’évacue',
  'Un homme fait un malaise dans le hall, il ne respire plus, appelez le SAMU',
];

/** A handset's transmission on a channel; now and then (1 in 40) an emergency. */
export async function radioTalk(a: Act, emergencyChance = 1 / 40) {
  const h = pick(a.random, a.setup.handsets);
  const { general, emergency, all } = a.setup.channels;
  if (!h || !general) return;
  const urgent = a.random() < emergencyChance;
  const text = urgent ? pick(a.random, EMERGENCIES) : pick(a.random, ROUTINE);
  await a.http.expect(201, 'POST', '/api/radio/device/communications', {
    headers: { 'x-api-key': a.setup.radioKey },
    body: {
      imei: h.imei,
      channel: urgent
        ? (emergency ?? general)
        : a.random() < 0.6
          ? general
          : (pick(a.random, all) ?? general),
      transcript: text,
      durationMs: 1500 + Math.floor(a.random() * 10_000),
    },
  });
}
