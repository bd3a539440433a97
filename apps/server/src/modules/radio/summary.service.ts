// The summary card: radios active and online, open alerts, average response time computed from
// the alerts of the last 30 days, today's traffic, and the recommendation of the spec's rules.

import { TZDate } from '@date-fns/tz';
import { RADIO_ONLINE_WINDOW_MS } from '@vigie/contract/radio.contract';
import type { RadioSummary } from '@vigie/contract/radio-traffic.contract';
import type { Database } from '../../db/client';
import type { Language } from '../../lib/languages';
import type { AuthContext } from '../../plugins/auth';
import { averageResponseMinutes, countOpenAlerts } from './alerts/alerts.repository';
import { countChannels } from './channels/channels.repository';
import { countSince } from './communications/communications.repository';
import { recommendationOf } from './radio.models';
import { radioCounts } from './radios/radios.repository';

const startOfToday = (now: Date, timezone: string) => {
  const local = new TZDate(now.getTime(), timezone);
  return new Date(
    new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 0, 0, 0, timezone).getTime(),
  );
};

/** The card in the reader's language (its recommendation is the one text in it). */
export async function radioSummary(
  db: Database,
  auth: AuthContext,
  language: Language = 'fr',
  now = new Date(),
): Promise<RadioSummary> {
  return db.withTenant(auth.companyId, async (tx) => {
    const radios = await radioCounts(tx, auth.companyId, new Date(now.getTime() - RADIO_ONLINE_WINDOW_MS));
    const activeAlerts = await countOpenAlerts(tx, auth.companyId);
    const channels = await countChannels(tx, auth.companyId);
    const avg = await averageResponseMinutes(tx, auth.companyId, new Date(now.getTime() - 30 * 86_400_000));
    const today = await countSince(tx, auth.companyId, startOfToday(now, auth.user.timezone));
    return {
      radiosTotal: radios.total,
      radiosActive: radios.active,
      radiosOnline: radios.online,
      activeAlerts,
      channels,
      avgResponseMinutes: avg === null ? null : Math.round(avg * 10) / 10,
      communicationsToday: today.all,
      emergenciesToday: today.emergencies,
      recommendation: recommendationOf(activeAlerts, radios.active, radios.total, language),
    };
  });
}
