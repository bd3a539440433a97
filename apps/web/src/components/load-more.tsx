import { t } from '../lib/i18n/i18n';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

/** What the button needs of a paged list (TanStack's useInfiniteQuery result). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * « Charger plus » under a list read page by page with the API's keyset cursor: shown while there
 * is a next page; a next page that failed to load says so above it (the button then retries).
 */
export function LoadMore({
  list,
  label = t('Charger plus'),
  className,
}: {
  list: PagedList;
  label?: string;
  className?: string;
}) {
  return (
    <>
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-200">
          {t('Impossible de charger la suite de la liste : réessayez.')}
        </p>
      ) : null}
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className={cn('self-center', className)}
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? t('Chargement...') : label}
        </Button>
      ) : null}
    </>
  );
}
