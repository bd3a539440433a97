// Push-to-talk on the server side: who may open a channel (managers any, agents their channels),
// and how a finished transmission is kept (a communication with its audio, sent to speech-to-text).
import type { Database } from '../../../db/client';
import type { AuthContext } from '../../../plugins/auth';
import type { Actor } from '../../alarms/alarms.service';
import { findAgentByUser } from '../../planning/agents.service';
import { findChannelRow, isUserMember } from '../channels/channels.repository';
import { audioTypeOf } from '../communications/audio-format';
import { recordTransmission } from '../communications/communications.service';
import { radioErrors } from '../radio.errors';
import type { FinishedTransmission } from './relay';
import type { PttIdentity } from './tickets';

export async function pttIdentity(db: Database, auth: AuthContext, channelId: string): Promise<PttIdentity> {
  return db.withTenant(auth.companyId, async (tx) => {
    const channel = await findChannelRow(tx, auth.companyId, channelId);
    if (!channel) throw radioErrors.channelNotFound();
    // An agent talks on the channels they are a member of; the control room on every channel.
    if (auth.role === 'agent' && !(await isUserMember(tx, auth.companyId, channelId, auth.userId)))
      throw radioErrors.channelNotFound();
    const agent = await findAgentByUser(tx, auth.companyId, auth.userId);
    return {
      companyId: auth.companyId,
      userId: auth.userId,
      name: agent?.name ?? auth.user.name,
      role: auth.role,
      timezone: auth.user.timezone,
      agentId: agent?.id ?? null,
      channelId: channel.id,
      channelName: channel.name,
      priority: channel.priority,
    };
  });
}

/**
 * Whether an open socket may still talk on its channel: the channel exists, and an agent is still
 * one of its members (re-checked by the live sessions while the socket is open).
 */
export async function pttStillAllowed(db: Database, identity: PttIdentity): Promise<boolean> {
  return db.withTenant(identity.companyId, async (tx) => {
    if (!(await findChannelRow(tx, identity.companyId, identity.channelId))) return false;
    return (
      identity.role !== 'agent' || isUserMember(tx, identity.companyId, identity.channelId, identity.userId)
    );
  });
}

/** Stores a browser transmission as a communication; answers its id. */
export function transmissionStore(db: Database, transcribe: boolean) {
  return async (t: FinishedTransmission) => {
    const { identity } = t;
    const contentType =
      audioTypeOf(t.data) ?? (t.mimeType.startsWith('audio/ogg') ? 'audio/ogg' : 'audio/webm');
    const actor: Actor = {
      companyId: identity.companyId,
      userId: identity.userId,
      name: identity.name,
      role: identity.role,
      source: 'user',
      timezone: identity.timezone,
    };
    return db.withTenant(identity.companyId, async (tx) => {
      const channel = await findChannelRow(tx, identity.companyId, identity.channelId);
      const dto = await recordTransmission(tx, actor, {
        channel: channel ? { id: channel.id, name: channel.name } : null,
        channelName: channel?.name ?? identity.channelName,
        subject: { id: null, imei: null, agentId: identity.agentId, agentName: identity.name },
        position: null,
        speakerUserId: identity.userId,
        fromName: identity.name,
        source: 'browser',
        at: t.startedAt,
        durationMs: t.durationMs,
        transcript: null,
        audio: { data: t.data, contentType },
        transcribe,
      });
      return dto.id;
    });
  };
}
