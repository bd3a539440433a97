// One-time tickets for the push-to-talk socket: a browser cannot send the bearer header on a
// WebSocket, and a token in the URL would leak into logs. A ticket is random, valid 30 seconds,
// usable once, and kept in this instance's memory (the socket must reach the instance that gave it).
// It carries the session it was given to, which the socket re-checks as long as it is open.
import { randomBytes } from 'node:crypto';
import type { UserRole } from '@vigie/contract/enums';

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
  private readonly tickets = new Map<string, PttGrant & { expiresAt: number }>();

  issue(identity: PttIdentity, sessionHash: string, now = Date.now()) {
    this.sweep(now);
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { identity, sessionHash, expiresAt: now + TICKET_TTL_MS });
    return { ticket, expiresAt: new Date(now + TICKET_TTL_MS).toISOString() };
  }

  /** The grant behind a ticket, once; undefined when unknown, used or expired. */
  redeem(ticket: unknown, now = Date.now()): PttGrant | undefined {
    if (typeof ticket !== 'string' || ticket.length > 64) return undefined;
    const entry = this.tickets.get(ticket);
    if (!entry) return undefined;
    this.tickets.delete(ticket);
    return entry.expiresAt > now ? { identity: entry.identity, sessionHash: entry.sessionHash } : undefined;
  }

  private sweep(now: number) {
    if (this.tickets.size < 1000) return;
    for (const [t, e] of this.tickets) if (e.expiresAt <= now) this.tickets.delete(t);
  }
}
