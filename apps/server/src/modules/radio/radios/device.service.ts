// The API a 4G push-to-talk handset (or its gateway) calls with a radio key: status reports, a
// transmission, the SOS button. The radio is found by its IMEI within the key's company only.

import { isValidImei } from '@vigie/contract/radio.contract';
import type {
  deviceCommunicationBody,
  deviceSosBody,
  deviceStatusBody,
  sosBody,
} from '@vigie/contract/radio-traffic.contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client';
import type { AuthContext } from '../../../plugins/auth';
import { type Actor, actorOf } from '../../alarms/alarms.service';
import type { DeviceContext } from '../../integrations/integrations.service';
import { raiseAlert, SOS_RECOMMENDATION, sosDescription, sosPosition } from '../alerts/alerts.service';
import { findChannelByRef } from '../channels/channels.repository';
import { audioTypeOf } from '../communications/audio-format';
import { recordTransmission } from '../communications/communications.service';
import { radioErrors } from '../radio.errors';
import { RadioPositionPushes } from './position-pushes';
import * as radios from './radios.repository';

const deviceActor = (device: DeviceContext, imei: string): Actor => ({
  companyId: device.companyId,
  userId: null,
  name: `Radio ${imei}`,
  role: null,
  source: 'device',
  timezone: 'Europe/Paris',
});

function requireRadioKey(device: DeviceContext) {
  if (device.scope !== 'radio') throw radioErrors.wrongScope();
}

async function radioOfImei(tx: Tx, companyId: string, imei: string) {
  const radio = await radios.findRadioByImei(tx, companyId, imei);
  if (!radio) throw radioErrors.unknownImei();
  return radio;
}

/** This instance's memory of the radio positions pushed to the map (why in memory: position-pushes.ts). */
const positionPushes = new RadioPositionPushes();

/**
 * A status report: one statement, one round trip (radios.reportStatusSql), with the key's last use
 * alongside. It is pushed to the screens only when something they show changes state (back online,
 * another channel, a battery or signal colour): 200 reports a second must not become 200 pushes a
 * second. A new position moves the radio on the map (a 'radio.position' event in the same
 * statement), at most every 5 s per radio.
 */
export async function reportStatus(
  db: Database,
  device: DeviceContext,
  input: z.output<typeof deviceStatusBody>,
  alongside: SQL | undefined,
) {
  requireRadioKey(device);
  const key = `${device.companyId}:${input.imei}`;
  const now = Date.now();
  const pushPosition = input.position ? positionPushes.plan(key, input.position, now) : undefined;
  const [row] = await db.writeTenant<{
    radioId: string | null;
    channelKnown: boolean;
    positionPushed: boolean;
  }>(
    device.companyId,
    radios.reportStatusSql(device.companyId, {
      imei: input.imei,
      battery: input.battery,
      signal: input.signal,
      channelRef: input.channel,
      position: input.position,
      pushPosition,
    }),
    alongside ? [alongside] : [],
  );
  if (!row?.radioId) throw radioErrors.unknownImei();
  if (!row.channelKnown) throw radioErrors.unknownChannel();
  if (input.position && pushPosition) positionPushes.settle(key, input.position, now, row.positionPushed);
  return { ok: true as const, radioId: row.radioId };
}

export async function reportCommunication(
  db: Database,
  device: DeviceContext,
  input: z.output<typeof deviceCommunicationBody>,
  transcribe: boolean,
) {
  requireRadioKey(device);
  let audio: { data: Buffer; contentType: string } | null = null;
  if (input.audio) {
    const data = Buffer.from(input.audio, 'base64');
    const contentType = audioTypeOf(data);
    if (!contentType) throw radioErrors.badAudio();
    audio = { data, contentType };
  }
  return db.withTenant(device.companyId, async (tx) => {
    const radio = await radioOfImei(tx, device.companyId, input.imei);
    const channel = await findChannelByRef(tx, device.companyId, input.channel);
    if (!channel) throw radioErrors.unknownChannel();
    const now = new Date();
    await radios.updateRadio(tx, device.companyId, radio.id, {
      lastSeenAt: now,
      currentChannelId: channel.id,
    });
    return recordTransmission(tx, deviceActor(device, radio.imei), {
      channel: { id: channel.id, name: channel.name },
      channelName: channel.name,
      subject: { id: radio.id, imei: radio.imei, agentId: radio.agentId, agentName: radio.agentName },
      position:
        radio.lastLat !== null && radio.lastLng !== null ? { lat: radio.lastLat, lng: radio.lastLng } : null,
      speakerUserId: null,
      fromName: radio.agentName ?? `Radio ${radio.imei}`,
      source: 'device',
      at: input.timestamp ? new Date(input.timestamp) : now,
      durationMs: input.durationMs ?? null,
      transcript: input.transcript || null,
      audio,
      transcribe,
    });
  });
}

export async function deviceSos(db: Database, device: DeviceContext, input: z.output<typeof deviceSosBody>) {
  requireRadioKey(device);
  return db.withTenant(device.companyId, async (tx) => {
    const radio = await radioOfImei(tx, device.companyId, input.imei);
    const now = new Date();
    if (input.position) {
      await radios.updateRadio(tx, device.companyId, radio.id, {
        lastSeenAt: now,
        lastLat: input.position.lat,
        lastLng: input.position.lng,
        lastAccuracyM: input.position.accuracy ?? null,
        lastPositionAt: now,
      });
    }
    return raiseAlert(tx, {
      type: 'sos',
      radio: { id: radio.id, imei: radio.imei, agentId: radio.agentId, agentName: radio.agentName },
      ...sosPosition(radio, input.position),
      description: sosDescription(radio, 'depuis la radio'),
      recommendation: SOS_RECOMMENDATION,
      category: null,
      keywords: [],
      communicationId: null,
      actor: deviceActor(device, radio.imei),
    });
  });
}

/** The operator's SOS button on a radio card; `radio_id` is the radio's id or its IMEI. */
export async function operatorSos(db: Database, auth: AuthContext, input: z.output<typeof sosBody>) {
  return db.withTenant(auth.companyId, async (tx) => {
    const ref = input.radio_id.replace(/[\s/-]/g, '');
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.radio_id);
    const radio = isUuid
      ? await radios.findRadio(tx, auth.companyId, input.radio_id)
      : isValidImei(ref)
        ? await radios.findRadioByImei(tx, auth.companyId, ref)
        : undefined;
    if (!radio) throw radioErrors.radioNotFound();
    return raiseAlert(tx, {
      type: 'sos',
      radio: { id: radio.id, imei: radio.imei, agentId: radio.agentId, agentName: radio.agentName },
      ...sosPosition(radio, input.location),
      description: sosDescription(radio, `par ${auth.user.name}`),
      recommendation: SOS_RECOMMENDATION,
      category: null,
      keywords: [],
      communicationId: null,
      actor: actorOf(auth),
    });
  });
}
