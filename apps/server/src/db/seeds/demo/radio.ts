// Step 5: radios, channels and a week of communications. Transmissions go through the device
// path (reportCommunication, with the handset's timestamp), so the emergency detection of the
// product reads each transcript: the few emergencies raise their radio alert and critical alarm.
import { createChannelBody, createRadioBody, isValidImei } from '@vigie/contract/radio.contract';
import { deviceCommunicationBody, deviceStatusBody } from '@vigie/contract/radio-traffic.contract';
import type { DeviceContext } from '../../../modules/integrations/integrations.service';
import { createChannel } from '../../../modules/radio/channels/channels.service';
import { reportCommunication, reportStatus } from '../../../modules/radio/radios/device.service';
import { createKey } from '../../../modules/radio/radios/keys.service';
import { createRadio } from '../../../modules/radio/radios/radios.service';
import { type DemoContext, loadSeeded } from './context';

const ROUTINE = [
  'PC de Alpha 1, ronde terminée sur le secteur nord, rien à signaler',
  'Alpha 2 pour PC, je prends mon poste au portail principal',
  'PC, livraison du transporteur arrivée au quai 2, je contrôle les documents',
  'Fermeture des accès du bâtiment B effectuée',
  'Bravo 1 de PC, pouvez-vous vérifier la porte du local technique ?',
  'Porte du local technique vérifiée, elle était mal fermée, c’est réglé',
  'PC de Charlie, visiteur accompagné jusqu’à l’accueil',
  'Relève effectuée, consignes transmises à mon collègue',
  'Contrôle des extincteurs du niveau 1 fait, tous en place',
  'Véhicule suspect stationné parking visiteurs, je relève la plaque',
  'Plaque relevée, c’est un prestataire attendu, fin de levée de doute',
  'Test radio, est-ce que vous me recevez ?',
  'Reçu cinq sur cinq',
  'Début de ronde de nuit, départ du poste de garde',
];
const EMERGENCIES = [
  'Au secours, on m’agresse au portail nord',
  'PC, départ de feu dans le local poubelles, fumée importante, j’évacue',
  'Un homme fait un malaise dans le hall, il ne respire plus, appelez le SAMU',
];

/** 15 digits with a valid Luhn check digit. */
function imei(n: number) {
  const body = `35${String(2094_1000_0000 + n * 7919).padStart(12, '0')}`.slice(0, 14);
  for (let d = 0; d < 10; d += 1) if (isValidImei(`${body}${d}`)) return `${body}${d}`;
  throw new Error('demo: no IMEI');
}

export async function seedRadio(ctx: DemoContext) {
  const { rng, db, auth } = ctx;
  const { sites, agents } = await loadSeeded(ctx);
  const key = await createKey(db, auth, 'Passerelle radio PTT');
  const device: DeviceContext = {
    companyId: auth.companyId,
    keyId: key.id,
    name: key.name,
    scope: 'radio',
    accessPointId: null,
  };
  const radios: { id: string; imei: string; agentId: string | null; siteId: string | null }[] = [];
  for (let i = 0; i < 26; i += 1) {
    const agent = i < 22 ? agents[i] : undefined;
    const radio = await createRadio(
      db,
      auth,
      createRadioBody.parse({
        radioId: imei(i + 1),
        serialNumber: `HYT-PD${rng.int(500, 799)}-${String(24000 + i * 13)}`,
        agentId: agent?.id ?? null,
        ...(i === 25 ? { status: 'inactive' } : {}),
      }),
    );
    radios.push({
      id: radio.id,
      imei: imei(i + 1),
      agentId: agent?.id ?? null,
      siteId: agent?.assignedSiteId ?? null,
    });
  }
  const assigned = radios.filter((r) => r.agentId);
  const general = await createChannel(
    db,
    auth,
    createChannelBody.parse({
      name: 'Canal général',
      type: 'general',
      description: 'Toutes les équipes',
      radioIds: radios.slice(0, 25).map((r) => r.id),
    }),
  );
  await createChannel(
    db,
    auth,
    createChannelBody.parse({
      name: 'Urgence',
      type: 'emergency',
      priority: 2,
      description: 'Réservé aux urgences',
      radioIds: assigned.map((r) => r.id),
    }),
  );
  const siteChannels: string[] = [];
  for (const site of sites.slice(0, 5)) {
    const members = assigned.filter((r) => r.siteId === site.id);
    const channel = await createChannel(
      db,
      auth,
      createChannelBody.parse({
        name: `Site ${site.name}`.slice(0, 80),
        type: 'site',
        priority: 1,
        description: `Équipe de ${site.name}`,
        radioIds: members.map((r) => r.id),
        agentIds: members.flatMap((r) => (r.agentId ? [r.agentId] : [])),
      }),
    );
    siteChannels.push(channel.name);
  }
  await createChannel(
    db,
    auth,
    createChannelBody.parse({ name: 'Équipe rondes de nuit', type: 'team', description: 'Rondiers de nuit' }),
  );

  // Battery, signal and position of each handset in service (near its agent's site).
  for (const r of assigned) {
    const site = sites.find((s) => s.id === r.siteId);
    await reportStatus(
      db,
      device,
      deviceStatusBody.parse({
        imei: r.imei,
        battery: rng.int(18, 100),
        signal: rng.int(35, 100),
        channel: general.name,
        ...(site?.latitude != null && site.longitude != null
          ? {
              position: {
                lat: site.latitude + rng.next() * 0.002,
                lng: site.longitude + rng.next() * 0.002,
                accuracy: 10,
              },
            }
          : {}),
      }),
      undefined,
    );
  }
  const now = ctx.now.getTime();
  const talks: { at: number; text: string; emergency: boolean }[] = [];
  for (let k = 0; k < 70; k += 1)
    talks.push({ at: now - rng.int(10, 7 * 24 * 60) * 60_000, text: rng.pick(ROUTINE), emergency: false });
  // The emergencies are recent: their alarms are raised now, by the product itself.
  for (const [k, text] of EMERGENCIES.entries())
    talks.push({ at: now - (k + 1) * 37 * 60_000, text, emergency: true });
  talks.sort((a, b) => a.at - b.at);
  for (const t of talks) {
    const r = rng.pick(assigned);
    await reportCommunication(
      db,
      device,
      deviceCommunicationBody.parse({
        imei: r.imei,
        channel: t.emergency ? 'Urgence' : rng.chance(0.6) ? general.name : rng.pick(siteChannels),
        transcript: t.text,
        durationMs: rng.int(1500, 12000),
        timestamp: new Date(t.at).toISOString(),
      }),
      false,
    );
  }
}
