// What the radio module answers: rows to the contract's shapes, and the summary card's rules.
import { RADIO_ONLINE_WINDOW_MS, type Radio } from '@vigie/contract/radio.contract';
import type { RadioSummary } from '@vigie/contract/radio-traffic.contract';
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

/**
 * The radio display rules: active alerts advise an intervention; otherwise fewer than
 * half of the radios active means the coverage should be checked; otherwise the system is optimal.
 */
export function recommendationOf(
  activeAlerts: number,
  radiosActive: number,
  radiosTotal: number,
): RadioSummary['recommendation'] {
  if (activeAlerts > 0) {
    return {
      level: 'intervention',
      text:
        activeAlerts === 1
          ? 'Intervention recommandée : 1 alerte active à traiter'
          : `Intervention recommandée : ${activeAlerts} alertes actives à traiter`,
    };
  }
  if (radiosActive < radiosTotal / 2) {
    return {
      level: 'coverage',
      text: `Vérifier la couverture : ${radiosActive} radio${radiosActive > 1 ? 's' : ''} active${radiosActive > 1 ? 's' : ''} sur ${radiosTotal}`,
    };
  }
  return { level: 'optimal', text: 'Système optimal : aucune alerte active' };
}
