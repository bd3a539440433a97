/** Root of every cameras query key: mutations invalidate it, and so do 'camera.status' events. */
export const camerasKey = ['cameras'] as const;

export const camerasKeys = {
  /** Unset filters are left out of `filters`, so the unfiltered list is one shared query. */
  list: <F extends object>(filters: F) => [...camerasKey, 'list', filters] as const,
  counts: [...camerasKey, 'counts'] as const,
  /**
   * A camera's still image, outside the cameras root: a status event or a camera saved must not
   * fetch every open snapshot again (the live view refreshes its own).
   */
  snapshot: (id: string) => ['camera-snapshot', id] as const,
};
