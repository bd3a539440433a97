// Login throttling: after 10 failures for one e-mail, or 50 from one address, within 15 minutes,
// further attempts are refused (429) until the window slides. Kept in memory: one instance
// protects itself; with several instances each applies the limit (documented in the README).
const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
export const MAX_FAILURES_PER_IP = 50;

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(private now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  isBlocked(email: string, ip: string): boolean {
    return (
      this.recent(`e:${email}`).length >= MAX_FAILURES_PER_EMAIL ||
      this.recent(`i:${ip}`).length >= MAX_FAILURES_PER_IP
    );
  }

  recordFailure(email: string, ip: string) {
    for (const key of [`e:${email}`, `i:${ip}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
    // Bound memory under a spray of distinct e-mails.
    if (this.failures.size > 100_000) this.failures.clear();
  }

  recordSuccess(email: string) {
    this.failures.delete(`e:${email}`);
  }
}
