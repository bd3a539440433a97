/** Root of every radio query key: mutations invalidate it. */
export const radioKey = ['radio'] as const;

const communications = [...radioKey, 'communications'] as const;
const alerts = [...radioKey, 'alerts'] as const;

/**
 * The parts the real-time sync refreshes: a radio's report or a change of radio or channel
 * ('radio.changed'), a transmission or an alert ('radio.communication', 'radio.alert'; an
 * emergency heard in a transmission raises an alert). The summary counts all of them.
 */
export const radioKeys = {
  radios: [...radioKey, 'radios'] as const,
  channels: [...radioKey, 'channels'] as const,
  communications,
  /** The journal sits under the communications: a transmission heard refreshes it with the rest. */
  journal: <F extends object>(filters: F) => [...communications, 'journal', filters] as const,
  recentCommunications: [...communications, 'recent'] as const,
  /** The open alerts and each alert's detail. */
  alerts,
  openAlerts: [...alerts, 'open'] as const,
  /** One alert with its nearest available agents (the SOS and dispatch answers seed it). */
  alert: (id: string) => [...alerts, 'detail', id] as const,
  summary: [...radioKey, 'summary'] as const,
  keys: [...radioKey, 'keys'] as const,
  retention: [...radioKey, 'retention'] as const,
};
