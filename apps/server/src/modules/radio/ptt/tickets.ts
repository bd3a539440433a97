// One-time tickets for the push-to-talk socket (lib/one-time-tickets.ts): valid 30 seconds, once.
// Each carries the session it was given to, which the socket re-checks as long as it is open.
import type { UserRole } from '@vigie/contract/enums';
import { OneTimeTickets } from '../../../lib/one-time-tickets';

export interface PttIdentity {
  companyId: string;
  userId: string;
  /** The name listeners see: the user's agent record's name, else the user's. */
  name: string;
  role: UserRole;
  timezone: string;
  agentId: string | null;
  channelId: string;
  channelName: string;
  priority: number;
}

export const TICKET_TTL_MS = 30_000;

/** What a ticket opens: who talks on which channel, and the hash of the session it was given to. */
export interface PttGrant {
  identity: PttIdentity;
  sessionHash: string;
}

export class PttTickets {
  private readonly store = new OneTimeTickets<PttGrant>(TICKET_TTL_MS);

  issue(identity: PttIdentity, sessionHash: string, now = Date.now()) {
    return this.store.issue({ identity, sessionHash }, now);
  }

  /** The grant behind a ticket, once; undefined when unknown, used or expired. */
  redeem(ticket: unknown, now = Date.now()): PttGrant | undefined {
    return this.store.redeem(ticket, now);
  }
}
