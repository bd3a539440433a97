// What the radio module answers: rows to the contract's shapes, and the summary card's rules.
import { RADIO_ONLINE_WINDOW_MS, type Radio } from '@vigie/contract/radio.contract';
import type { RadioSummary } from '@vigie/contract/radio-traffic.contract';
import { type Language, translate } from '../../lib/languages';
import type { RadioWithNames } from './radios/radios.repository';

export const toRadioDto = (r: RadioWithNames, now = Date.now()): Radio => ({
  id: r.id,
  radioId: r.imei,
  serialNumber: r.serialNumber,
  agentId: r.agentId,
  agentName: r.agentName,
  status: r.status,
  battery: r.battery,
  signalStrength: r.signalStrength,
  currentChannelId: r.currentChannelId,
  currentChannel: r.channelName,
  lastLocation:
    r.lastLat !== null && r.lastLng !== null && r.lastPositionAt
      ? { lat: r.lastLat, lng: r.lastLng, accuracy: r.lastAccuracyM, at: r.lastPositionAt.toISOString() }
      : null,
  lastSeen: r.lastSeenAt ? r.lastSeenAt.toISOString() : null,
  online: r.lastSeenAt !== null && now - r.lastSeenAt.getTime() < RADIO_ONLINE_WINDOW_MS,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The summary card's advice, by level; each id is its French text (locales/{en,es}/payloads.json). */
export const recommendationTexts = {
  intervention:
    'Intervention recommandée : {count, plural, one {{count} alerte active} other {{count} alertes actives}} à traiter',
  coverage:
    'Vérifier la couverture : {active, plural, one {{active} radio active} other {{active} radios actives}} sur {total}',
  optimal: 'Système optimal : aucune alerte active',
} as const;

/**
 * The radio display rules: active alerts advise an intervention; otherwise fewer than
 * half of the radios active means the coverage should be checked; otherwise the system is optimal.
 * The advice is written in the reader's language (French by default).
 */
export function recommendationOf(
  activeAlerts: number,
  radiosActive: number,
  radiosTotal: number,
  language: Language = 'fr',
): RadioSummary['recommendation'] {
  if (activeAlerts > 0) {
    return {
      level: 'intervention',
      text: translate(language, recommendationTexts.intervention, { count: activeAlerts }),
    };
  }
  if (radiosActive < radiosTotal / 2) {
    return {
      level: 'coverage',
      text: translate(language, recommendationTexts.coverage, { active: radiosActive, total: radiosTotal }),
    };
  }
  return { level: 'optimal', text: translate(language, recommendationTexts.optimal) };
}
