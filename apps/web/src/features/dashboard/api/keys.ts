/** Root of the dashboard query keys: the alarm, camera, planning and access events refresh it. */
export const dashboardKey = ['dashboard'] as const;

export const dashboardKeys = {
  overview: [...dashboardKey, 'overview'] as const,
};
