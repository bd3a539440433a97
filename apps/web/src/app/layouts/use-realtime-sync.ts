import { useQueryClient } from '@tanstack/react-query';
import { type AlarmType, alarmTypeLabels } from '@vigie/contract/alarms.contract';
import { type RealtimeEventType, streamEvents } from '@vigie/contract/events.contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { accessKey } from '../../features/access/api/keys';
import { alarmsKey } from '../../features/alarms/api/keys';
import { camerasKey } from '../../features/cameras/api/keys';
import { dashboardKey } from '../../features/dashboard/api/keys';
import { loneWorkerKey } from '../../features/lone-worker/api/keys';
import { mapKey } from '../../features/map/api/keys';
import { applyAgentPosition, applyRadioPosition } from '../../features/map/api/live-positions';
import { notificationsKey } from '../../features/notifications/api/keys';
import { radioKeys } from '../../features/radio/api/keys';
import { reportsKey } from '../../features/reports/api/keys';
import { sitesKey } from '../../features/sites/api/keys';
import { reportUnauthorized } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';
import { guardToursKey, interventionsKey, logbookKey, panelsKey, planningKey } from '../../lib/query-keys';
import { type StreamEvent, startRealtime } from '../../lib/realtime';
import { getSession, getToken } from '../../lib/session';

/** Bursts of events (a panel reporting many zones) refresh each query once. */
const COALESCE_MS = 250;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type QueryKey = readonly string[];
const alarmKeys = [alarmsKey, dashboardKey, sitesKey, mapKey];
const towerKeys = [radioKeys.communications, radioKeys.alerts, radioKeys.summary];

/**
 * What each event refreshes. Keyed by the contract's event types, so a new type must say what it
 * refreshes here (the compiler asks).
 */
const refreshedBy: Record<RealtimeEventType, readonly QueryKey[]> = {
  // A panel's signal may have raised it: the panels' last signal and journal move with it.
  'alarm.created': [...alarmKeys, panelsKey],
  'alarm.updated': alarmKeys,
  'alarm.escalated': alarmKeys,
  'camera.status': [camerasKey, dashboardKey],
  // A clock-in or clock-out puts an agent on the map or takes him off.
  'agent.changed': [planningKey, dashboardKey, mapKey],
  'shift.changed': [planningKey, dashboardKey, mapKey],
  // A badge check (a new log line, a point's last activity) or a badge or point changed.
  'access.logged': [accessKey, dashboardKey],
  'access.changed': [accessKey, dashboardKey],
  // A radio's report, or a radio or channel changed.
  'radio.changed': [radioKeys.radios, radioKeys.channels, radioKeys.summary, mapKey],
  // A transmission (an emergency heard in it raises an alert), or an alert raised or handled.
  'radio.communication': towerKeys,
  'radio.alert': towerKeys,
  // A report requested, being built, ready, failed or deleted: the list (and its statistics).
  'report.changed': [reportsKey],
  // A main courante entry written (by a user or copied from a system event).
  'logbook.created': [logbookKey],
  // A lone worker's missed check-in (alert raised, answered late, acknowledged).
  'lone_worker.alert': [loneWorkerKey, notificationsKey],
  // A tour, round or scan changed, or a round alert (late, overdue, checkpoints missed).
  'tour.changed': [guardToursKey, notificationsKey],
  'tour.alert': [guardToursKey, notificationsKey],
  // An alarm panel added, edited or deleted, or its link lost or back.
  'panel.changed': [panelsKey],
  // A site's instructions (« Consignes ») saved: the open site's details read them again.
  'site.changed': [sitesKey],
  // Notifications are per user, but the stream is the company's: only ours refresh the bell (below).
  // A proposal reaches the agent as a notification (agents do not receive intervention events).
  'notification.created': [notificationsKey, interventionsKey],
  // An agent's position moves him on the map's cached overview (applyAgentPosition, below), no read.
  'agent.position': [],
  // A radio's position moves it (and its agent) on the map's cached overview (applyRadioPosition), no read.
  'radio.position': [],
  // An intervention proposed, accepted, refused, moving, on site, closed or cancelled.
  'intervention.changed': [mapKey, interventionsKey],
};

/** Every query the stream keeps fresh: read again when the stream starts without a full replay. */
const liveKeys = [...new Set(Object.values(refreshedBy).flat())];

/** Alarms raised by the planning watch: the control room is told at once, whatever their severity. */
const attendanceAlarms: readonly AlarmType[] = ['agent_absent', 'shift_overrun'];
const isAttendanceAlarm = (type: unknown): type is AlarmType => attendanceAlarms.includes(type as AlarmType);

/**
 * The session's real-time subscription (one per browser, shared by its tabs): events refresh
 * the queries they affect; a new critical alarm, and an absent agent or an unfinished shift for
 * the control room, shows a toast in every tab, once.
 */
export function useRealtimeSync(userId: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (!userId) return;
    const pending = new Set<readonly string[]>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = (...keys: QueryKey[]) => {
      for (const key of keys) pending.add(key);
      timer ??= setTimeout(() => {
        timer = undefined;
        for (const key of pending) void queryClient.invalidateQueries({ queryKey: key });
        pending.clear();
      }, COALESCE_MS);
    };
    const toasted = new Set<string>();
    const openAlarm = (id: string) =>
      navigateRef.current(`/dashboard/alarms?alarm=${encodeURIComponent(id)}`);

    const onEvent = (event: StreamEvent) => {
      // The stream is attached and its replay did not cover what may have changed since the
      // screens were read (a page just opened, or more missed than replayed): read again all
      // that the stream keeps fresh, or an alarm raised meanwhile would wait for the next poll.
      if (event.type === 'ready') {
        if (event.data.resync === true) refresh(...liveKeys);
        return;
      }
      const keys = Object.hasOwn(refreshedBy, event.type) ? refreshedBy[event.type as RealtimeEventType] : [];
      const othersNotification =
        event.type === 'notification.created' && (event.data.userId ?? userId) !== userId;
      if (keys.length > 0 && !othersNotification) refresh(...keys);
      if (event.type === 'agent.position') applyAgentPosition(queryClient, event.data);
      if (event.type === 'radio.position') applyRadioPosition(queryClient, event.data);
      const id = text(event.data.id);
      const what = [text(event.data.title), text(event.data.siteName)].filter(Boolean).join(' — ');
      if (event.type === 'alarm.created' && event.data.severity === 'critical' && !toasted.has(id)) {
        toasted.add(id);
        toast.error(t('Alarme critique'), {
          description: what,
          duration: 15_000,
          action: id ? { label: t('Voir'), onClick: () => openAlarm(id) } : undefined,
        });
      } else if (
        event.type === 'alarm.created' &&
        isAttendanceAlarm(event.data.type) &&
        getSession().user?.role !== 'agent' &&
        !toasted.has(id)
      ) {
        toasted.add(id);
        toast.warning(t(alarmTypeLabels[event.data.type]), {
          description: what,
          duration: 15_000,
          action: id ? { label: t('Voir'), onClick: () => openAlarm(id) } : undefined,
        });
      } else if (
        event.type === 'lone_worker.alert' &&
        event.data.change === 'created' &&
        getSession().user?.role !== 'agent' &&
        !toasted.has(`lone-worker-${id}`)
      ) {
        toasted.add(`lone-worker-${id}`);
        toast.error(t('Travailleur isolé sans réponse'), {
          description: text(event.data.agentName),
          duration: 15_000,
        });
      } else if (event.type === 'alarm.escalated' && !toasted.has(`escalated-${id}`)) {
        toasted.add(`escalated-${id}`);
        toast.warning(t('Alarme escaladée'), {
          description: t('Non acquittée à temps : {what}', { what }),
          duration: 15_000,
          action: id ? { label: t('Voir'), onClick: () => openAlarm(id) } : undefined,
        });
      }
    };

    const stop = startRealtime({
      url: streamEvents.path,
      scope: userId,
      getToken,
      onEvent,
      onUnauthorized: reportUnauthorized,
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [userId, queryClient]);
}
