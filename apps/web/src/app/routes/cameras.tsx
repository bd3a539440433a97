import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import CamerasPage from '../../features/cameras/cameras-page';
import { dashboardKey } from '../../features/dashboard/api/keys';
import { useSiteOptions } from '../../features/sites/api/get-site-options';
import { sitesKey } from '../../features/sites/api/keys';

export function Component() {
  const queryClient = useQueryClient();
  const { data: siteOptions = [] } = useSiteOptions();
  // Camera counts shown by the sites and the dashboard change with the cameras.
  const onCamerasChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: sitesKey });
    void queryClient.invalidateQueries({ queryKey: dashboardKey });
  }, [queryClient]);
  return <CamerasPage sites={siteOptions} onCamerasChanged={onCamerasChanged} />;
}
