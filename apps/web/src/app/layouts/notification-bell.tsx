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
import { formatDateTime } from '../../lib/format';

/** The company's unacknowledged (active) alarms: their real number, and the latest ones. */
export function NotificationBell({ timezone }: { timezone?: string }) {
  const { data } = useActiveAlarms();
  const total = data?.total ?? 0;
  const alarms = data?.items ?? [];
  const label =
    total === 0
      ? 'Notifications'
      : `Notifications : ${total} alarme${total > 1 ? 's' : ''} non acquittée${total > 1 ? 's' : ''}`;

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
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))]">
        <p className="px-2.5 py-2 text-sm font-semibold text-white">
          Notifications
          {total > 0 ? (
            <span className="font-normal text-fg-muted">
              {' '}
              · {total} non acquittée{total > 1 ? 's' : ''}
            </span>
          ) : null}
        </p>
        {alarms.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-6 text-center text-sm text-fg-muted">
            <BellOff aria-hidden="true" className="size-6" />
            Aucune alerte non acquittée
          </div>
        ) : (
          <>
            <div className="max-h-[min(24rem,60dvh)] overflow-y-auto">
              {alarms.map((alarm) => (
                <DropdownMenuItem key={alarm.id} asChild className="items-start">
                  <Link to={`/dashboard/alarms?alarm=${alarm.id}`} data-testid="notification-item">
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="truncate font-medium text-white">{alarm.title}</span>
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
              <Link to="/dashboard/alarms">Voir toutes les alarmes</Link>
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
