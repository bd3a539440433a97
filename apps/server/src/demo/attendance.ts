// Agents on duty clock in and out as their phone would: each agent signs in with their account and,
// once a minute, reads their service (GET /api/planning/me), clocks in a few minutes before a
// service starts and clocks out when it ends, at their site. So the demo's shifts are taken on time
// and the attendance watch raises no « Agent absent » for them.
import type { DeviceHttp } from './http';

interface Shift {
  id: string;
  siteId: string;
  status: string;
  start: string;
  end: string;
}

export interface AgentPhone {
  email: string;
  auth: Record<string, string> | null;
}

/** Clock in this many minutes before the start (the service accepts 30). */
const EARLY_MS = 5 * 60_000;

export class AttendanceDesk {
  constructor(
    private readonly http: DeviceHttp,
    private readonly phones: AgentPhone[],
    private readonly password: string,
    private readonly sites: Map<string, { lat: number; lng: number }>,
    private readonly random: () => number,
  ) {}

  private async session(phone: AgentPhone) {
    if (!phone.auth) {
      const body = await this.http.expect<{ access_token: string }>(200, 'POST', '/api/auth/login', {
        body: { email: phone.email, password: this.password },
      });
      phone.auth = { authorization: `Bearer ${body.access_token}` };
    }
    return phone.auth;
  }

  /** One pass over every agent; answers the clock-ins and clock-outs made. */
  async pass(now: Date) {
    let moves = 0;
    let failed: Error | undefined;
    for (const phone of this.phones) {
      const auth = await this.session(phone);
      const me = await this.http.send('GET', '/api/planning/me', { headers: auth });
      if (me.status === 401) {
        phone.auth = null; // the session ended (idle timeout): sign in again next pass
        continue;
      }
      const shifts = ((me.body as { shifts?: Shift[] } | null)?.shifts ?? []) as Shift[];
      for (const s of shifts) {
        const start = Date.parse(s.start);
        const end = Date.parse(s.end);
        const site = this.sites.get(s.siteId);
        if (!site) continue;
        const due =
          s.status === 'Programmé' && start - EARLY_MS <= now.getTime() && now.getTime() < end
            ? 'clock-in'
            : s.status === 'En cours' && end <= now.getTime()
              ? 'clock-out'
              : null;
        if (!due) continue;
        // One refusal (a service that cannot be taken any more) must not stop the others.
        try {
          await this.http.expect(200, 'POST', `/api/shifts/${s.id}/${due}`, {
            headers: auth,
            body: {
              latitude: site.lat + (this.random() - 0.5) * 0.0006,
              longitude: site.lng + (this.random() - 0.5) * 0.0006,
              accuracy: 10 + Math.floor(this.random() * 15),
            },
          });
          moves += 1;
        } catch (err) {
          failed ??= err as Error;
        }
      }
    }
    if (failed) throw failed;
    return moves;
  }
}
