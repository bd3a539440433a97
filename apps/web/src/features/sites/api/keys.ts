/**
 * Root of every sites query key: mutations invalidate it, and so do the alarm events (a site's
 * counts move with its alarms).
 */
export const sitesKey = ['sites'] as const;

export const sitesKeys = {
  list: (search: string) => [...sitesKey, 'list', { search }] as const,
  detail: (id: string) => [...sitesKey, 'detail', id] as const,
  /** A site's instructions (« Consignes »): under the root, so a `site.changed` event refreshes them. */
  instructions: (id: string) => [...sitesKey, 'instructions', id] as const,
  /**
   * Every site of the company as a picker's options, outside `sitesKey`: the alarm events that
   * refresh the sites' counts need not read every site again; the site mutations invalidate it.
   */
  options: ['site-options'] as const,
};
