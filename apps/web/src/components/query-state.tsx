import { type LucideIcon, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage, GENERIC_ERROR } from '../lib/api-errors';
import { t } from '../lib/i18n/i18n';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { Spinner } from './ui/spinner';

/**
 * Where the states are drawn:
 * - `page`: the list stands alone on the page; an error or an empty list is a card of its own;
 * - `card`: inside a card or a section that already frames it; centred, without a card;
 * - `inline`: a short list in a dialog or a detail view; aligned left, small.
 */
export type QueryStateLayout = 'page' | 'card' | 'inline';

/** What the states need of a query: TanStack's useQuery or useInfiniteQuery result. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => Promise<unknown>;
}

const looks = {
  page: {
    loading: 'flex justify-center py-16',
    error: 'flex flex-col items-center gap-3 p-10 text-center',
    errorTitle: 'text-red-200',
    empty: 'flex flex-col items-center gap-3 p-12 text-center',
    emptyIcon: 'size-10',
    emptyTitle: 'text-lg font-medium text-white',
    emptyHint: 'text-sm text-fg-muted',
  },
  card: {
    loading: 'flex justify-center py-10',
    error: 'flex flex-col items-center gap-3 py-8 text-center',
    errorTitle: 'text-sm text-red-200',
    empty: 'flex flex-col items-center gap-2 py-8 text-center',
    emptyIcon: 'size-8',
    emptyTitle: 'text-sm text-fg-muted',
    emptyHint: 'text-xs text-fg-muted',
  },
  inline: {
    loading: 'flex',
    error: 'flex flex-col items-start gap-2',
    errorTitle: 'text-sm text-red-200',
    empty: 'flex flex-col gap-1',
    // Too small a place for an icon.
    emptyIcon: '',
    emptyTitle: 'text-sm text-fg-muted',
    emptyHint: 'text-xs text-fg-muted',
  },
} as const;

const iconTones = { muted: 'text-fg-muted', success: 'text-emerald-300' } as const;

/** The spinner, read by screen readers as `label` (role="status"). */
export function QueryLoading({ label, layout = 'page' }: { label: string; layout?: QueryStateLayout }) {
  return (
    <div className={looks[layout].loading}>
      <Spinner label={label} />
    </div>
  );
}

type QueryErrorProps = {
  error: unknown;
  /** What could not be done, in French: 'Impossible de charger les sites'. */
  title: string;
  onRetry: () => void;
  layout?: QueryStateLayout;
};

/**
 * What could not load, the server's reason under it when it gave one (as the toasts do: a title and
 * its description), and 'Réessayer'. The two lines are one alert, read out as they appear.
 */
export function QueryError({ error, title, onRetry, layout = 'page' }: QueryErrorProps) {
  const look = looks[layout];
  const reason = errorMessage(error, '');
  const body = (
    <>
      <div role="alert" className="flex flex-col gap-1">
        <p className={look.errorTitle}>{title}</p>
        {reason !== '' && reason !== GENERIC_ERROR && reason !== title ? (
          <p className="text-sm text-fg-muted">{reason}</p>
        ) : null}
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        {t('Réessayer')}
      </Button>
    </>
  );
  return layout === 'page' ? (
    <Card className={look.error}>{body}</Card>
  ) : (
    <div className={look.error}>{body}</div>
  );
}

export type EmptyStateProps = {
  /** The first line: 'Aucun site trouvé'. */
  title: ReactNode;
  /** What to do about it, under the title; nothing when null. */
  hint?: ReactNode;
  icon?: LucideIcon;
  /** `success` when an empty list is good news (no alert). */
  iconTone?: keyof typeof iconTones;
  layout?: QueryStateLayout;
};

/** An empty list: its icon, what is empty and the hint of what to do. */
export function EmptyState({
  title,
  hint,
  icon: Icon,
  iconTone = 'muted',
  layout = 'page',
}: EmptyStateProps) {
  const look = looks[layout];
  const body = (
    <>
      {Icon && look.emptyIcon ? (
        <Icon aria-hidden="true" className={cn(look.emptyIcon, iconTones[iconTone])} />
      ) : null}
      <p className={look.emptyTitle}>{title}</p>
      {hint ? <p className={look.emptyHint}>{hint}</p> : null}
    </>
  );
  return layout === 'page' ? (
    <Card className={look.empty}>{body}</Card>
  ) : (
    <div className={look.empty}>{body}</div>
  );
}

type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** The spinner's words for screen readers: 'Chargement des sites…'. */
  loading: string;
  /** The error's title: 'Impossible de charger les sites'. */
  error: string;
  /** When the answer is an empty list, what to say instead of the data. */
  empty?: EmptyStateProps & { when: boolean | ((data: T) => boolean) };
  layout?: QueryStateLayout;
  /** The data, once it is there (kept on screen when a later refresh fails). */
  children: ReactNode | ((data: T) => ReactNode);
};

/**
 * A query's four states, the same on every screen: loading (a spinner), error (what failed, why,
 * and 'Réessayer'), empty (an icon, a title, a hint) and the data. An error shows only while there
 * is nothing to show: a failed background refresh leaves the last answer in place.
 */
export function QueryState<T>({
  query,
  loading,
  error,
  empty,
  layout = 'page',
  children,
}: QueryStateProps<T>) {
  const { data } = query;
  if (data === undefined) {
    if (query.isPending) return <QueryLoading label={loading} layout={layout} />;
    return (
      <QueryError error={query.error} title={error} onRetry={() => void query.refetch()} layout={layout} />
    );
  }
  if (empty && (typeof empty.when === 'function' ? empty.when(data) : empty.when)) {
    const { when: _when, ...state } = empty;
    return <EmptyState layout={layout} {...state} />;
  }
  return <>{typeof children === 'function' ? children(data) : children}</>;
}
