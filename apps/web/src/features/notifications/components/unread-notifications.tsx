import { Group as MenuGroup } from '@radix-ui/react-dropdown-menu';
import type { Notification } from '@vigie/contract/notifications.contract';
import { CheckCheck, Info, OctagonAlert, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useUnreadNotifications } from '../api/get-notifications';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useReadNotification } from '../api/read-notification';

const severityIcon = {
  // Important (!): the menu item mutes every svg inside it.
  info: { icon: Info, className: 'text-blue-300!' },
  warning: { icon: TriangleAlert, className: 'text-amber-300!' },
  critical: { icon: OctagonAlert, className: 'text-red-300!' },
} as const;

/** Only links inside the app are followed (the server writes them, but never leave the app). */
const internalLink = (link: string | null) => (link?.startsWith('/') && !link.startsWith('//') ? link : null);

function NotificationBody({ notification, timezone }: { notification: Notification; timezone?: string }) {
  const { icon: Icon, className } = severityIcon[notification.severity];
  return (
    <>
      <Icon aria-hidden="true" className={cn('mt-0.5', className)} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-medium text-white">{notification.title}</span>
        {notification.body ? (
          <span className="line-clamp-2 text-xs text-slate-300">{notification.body}</span>
        ) : null}
        <span className="text-xs text-fg-muted">{formatDateTime(notification.createdAt, timezone)}</span>
      </span>
    </>
  );
}

/**
 * The signed-in user's unread notifications (licence alerts, …) inside the bell's menu: opening one
 * marks it read (and follows its link), 'Tout marquer comme lu' clears them all.
 */
export function UnreadNotifications({ timezone, unread }: { timezone?: string; unread: number }) {
  const { data } = useUnreadNotifications();
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications();
  const items = data?.items ?? [];
  const onError = (error: unknown) => toast.error(t('Erreur'), { description: errorMessage(error) });
  const markRead = (id: string) => readOne.mutate(id, { onError });

  return (
    // A group, not a region: inside role="menu" only groups, items and separators are allowed.
    <MenuGroup aria-label={t('Mes notifications')} data-testid="user-notifications">
      <div className="flex flex-wrap items-center justify-between gap-x-2 px-2.5 pt-1.5">
        <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
          {t('Mes notifications')}
          {unread > 0 ? ` · ${unread}` : ''}
        </p>
        {unread > 0 ? (
          <DropdownMenuItem
            className="shrink-0 font-medium whitespace-nowrap text-blue-300"
            disabled={readAll.isPending}
            data-testid="notifications-read-all"
            onSelect={(event) => {
              // Keep the menu open: the list empties in place.
              event.preventDefault();
              readAll.mutate(undefined, { onError });
            }}
          >
            <CheckCheck aria-hidden="true" />
            {t('Tout marquer comme lu')}
          </DropdownMenuItem>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="px-2.5 pb-3 pt-1 text-sm text-fg-muted">{t('Aucune notification non lue')}</p>
      ) : (
        <div className="max-h-[min(18rem,40dvh)] overflow-y-auto">
          {items.map((notification) => {
            const link = internalLink(notification.link);
            return link ? (
              <DropdownMenuItem key={notification.id} asChild className="items-start">
                <Link
                  to={link}
                  onClick={() => markRead(notification.id)}
                  data-testid="user-notification-item"
                >
                  <NotificationBody notification={notification} timezone={timezone} />
                </Link>
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem
                key={notification.id}
                className="items-start"
                data-testid="user-notification-item"
                onSelect={(event) => {
                  event.preventDefault();
                  markRead(notification.id);
                }}
              >
                <NotificationBody notification={notification} timezone={timezone} />
              </DropdownMenuItem>
            );
          })}
        </div>
      )}
    </MenuGroup>
  );
}
