// One-time tickets for sockets (push-to-talk, live video): a browser cannot send the bearer header
// on a WebSocket, and a token in the URL would leak into logs. A ticket is random, valid a short
// time, usable once, and kept in this instance's memory (the socket must reach the instance that
// gave it). What it carries (the grant) names the session it was given to, re-checked by the socket.
import { randomBytes } from 'node:crypto';

export class OneTimeTickets<G> {
  private readonly tickets = new Map<string, { grant: G; expiresAt: number }>();

  constructor(private readonly ttlMs: number) {}

  issue(grant: G, now = Date.now()) {
    this.sweep(now);
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { grant, expiresAt: now + this.ttlMs });
    return { ticket, expiresAt: new Date(now + this.ttlMs).toISOString() };
  }

  /** The grant behind a ticket, once; undefined when unknown, used or expired. */
  redeem(ticket: unknown, now = Date.now()): G | undefined {
    if (typeof ticket !== 'string' || ticket.length > 64) return undefined;
    const entry = this.tickets.get(ticket);
    if (!entry) return undefined;
    this.tickets.delete(ticket);
    return entry.expiresAt > now ? entry.grant : undefined;
  }

  private sweep(now: number) {
    if (this.tickets.size < 1000) return;
    for (const [t, e] of this.tickets) if (e.expiresAt <= now) this.tickets.delete(t);
  }
}
