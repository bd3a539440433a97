import { Bell, BellOff } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useActiveAlarms } from '../../features/alarms/api/get-active-alarms';
import { SeverityBadge } from '../../features/alarms/components/alarm-badges';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count';
import { UnreadNotifications } from '../../features/notifications/components/unread-notifications';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';

/**
 * The bell counts two things: the company's unacknowledged (active) alarms, listed first, and the
 * signed-in user's unread notifications (licence alerts, …) below them.
 */
export function NotificationBell({ timezone }: { timezone?: string }) {
  const { data } = useActiveAlarms();
  const { data: unread = 0 } = useUnreadCount();
  const activeAlarms = data?.total ?? 0;
  const alarms = data?.items ?? [];
  const total = activeAlarms + unread;
  const parts = [
    activeAlarms > 0
      ? t('{count, plural, one {# alarme non acquittée} other {# alarmes non acquittées}}', {
          count: activeAlarms,
        })
      : null,
    unread > 0
      ? t('{count, plural, one {# notification non lue} other {# notifications non lues}}', { count: unread })
      : null,
  ].filter(Boolean);
  // The accessible name carries the number the badge shows, outside parentheses, which axe ignores
  // (label-content-name-mismatch).
  const label =
    parts.length === 0
      ? t('Notifications')
      : t('Notifications : {total} — {parts}', {
          total: total > 99 ? '99+' : total,
          parts: parts.join(', '),
        });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          className="relative"
          data-testid="notification-bell"
        >
          <Bell aria-hidden="true" />
          {total > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white"
            >
              {total > 99 ? '99+' : total}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="max-h-(--radix-dropdown-menu-content-available-height) w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto"
      >
        <p className="px-2.5 py-2 text-sm font-semibold text-white">{t('Notifications')}</p>
        <p className="px-2.5 py-1.5 text-xs font-semibold tracking-wide text-fg-muted uppercase">
          {t('Alarmes non acquittées')}
          {activeAlarms > 0 ? ` · ${activeAlarms}` : ''}
        </p>
        {alarms.length === 0 ? (
          <div className="flex items-center gap-2 px-2.5 pb-3 pt-1 text-sm text-fg-muted">
            <BellOff aria-hidden="true" className="size-4" />
            {t('Aucune alerte non acquittée')}
          </div>
        ) : (
          <>
            <div className="max-h-[min(20rem,40dvh)] overflow-y-auto">
              {alarms.map((alarm) => (
                <DropdownMenuItem key={alarm.id} asChild className="items-start">
                  <Link to={`/dashboard/alarms?alarm=${alarm.id}`} data-testid="notification-item">
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span title={alarm.title} className="truncate font-medium text-white">
                        {alarm.title}
                      </span>
                      <span className="truncate text-xs text-fg-muted">
                        {alarm.siteName} · {formatDateTime(alarm.timestamp, timezone)}
                      </span>
                    </span>
                    <SeverityBadge severity={alarm.severity} />
                  </Link>
                </DropdownMenuItem>
              ))}
            </div>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild className="justify-center font-medium text-blue-300">
              <Link to="/dashboard/alarms">{t('Voir toutes les alarmes')}</Link>
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuSeparator />
        <UnreadNotifications timezone={timezone} unread={unread} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
