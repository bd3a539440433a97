import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { alarmsQueryOptions } from '../features/alarms/api/get-alarms';
import { camerasQueryOptions } from '../features/cameras/api/get-cameras';
import { dashboardOverviewQueryOptions } from '../features/dashboard/api/get-dashboard-overview';
import { mapOverviewQueryOptions } from '../features/map/api/get-map-overview';
import { channelsQueryOptions } from '../features/radio/api/get-channels';
import {
  communicationJournalQueryOptions,
  journalFiltersOf,
} from '../features/radio/api/get-communication-journal';
import { radioSummaryQueryOptions } from '../features/radio/api/get-radio-summary';
import { radiosQueryOptions } from '../features/radio/api/get-radios';
import { siteOptionsQueryOptions } from '../features/sites/api/get-site-options';
import { sitesQueryOptions } from '../features/sites/api/get-sites';
import { queryClient } from './query-client';

// The first queries of each screen, started with its code (route-modules.tsx) instead of when the
// page mounts: the same query options as the pages use, so the pages find their data in the cache.

/** Data this recent is not fetched again for a menu entry pointed at (a pointer crossing the menu). */
const FRESH_ENOUGH_MS = 5_000;

function needsWarming(key: QueryKey) {
  const state = queryClient.getQueryState(key);
  if (state?.fetchStatus === 'fetching') return false;
  return !(state?.status === 'success' && Date.now() - state.dataUpdatedAt < FRESH_ENOUGH_MS);
}

function warm<TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>) {
  if (needsWarming(options.queryKey)) void queryClient.prefetchQuery(options);
}

/** `warm` for a paged list: its first page. */
function warmPages<TData, TKey extends QueryKey, TPageParam>(
  options: FetchInfiniteQueryOptions<TData, Error, TData, TKey, TPageParam>,
) {
  if (needsWarming(options.queryKey)) void queryClient.prefetchInfiniteQuery(options);
}

/** Each screen's first queries; `query` is the address's (a filtered journal keeps its filters there). */
const routeData: Record<string, (query: URLSearchParams) => void> = {
  '/dashboard': () => warm(dashboardOverviewQueryOptions()),
  '/dashboard/sites': () => warm(sitesQueryOptions()),
  '/dashboard/map': () => warm(mapOverviewQueryOptions()),
  '/dashboard/cameras': () => {
    warm(camerasQueryOptions());
    warm(siteOptionsQueryOptions());
  },
  '/dashboard/alarms': () => {
    warmPages(alarmsQueryOptions());
    warm(siteOptionsQueryOptions());
  },
  '/dashboard/radio': () => {
    warm(radioSummaryQueryOptions());
    warm(radiosQueryOptions());
    warm(channelsQueryOptions());
  },
  '/dashboard/radio/journal': (query) => {
    warmPages(communicationJournalQueryOptions(journalFiltersOf(query)));
    warm(channelsQueryOptions());
  },
};

/** Starts the first queries of a path's screen, if it has any in the map, for the address's query. */
export function prefetchRouteData(path: string, query = '') {
  routeData[path]?.(new URLSearchParams(query));
}
