import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import AlarmsPage from '../../features/alarms/alarms-page';
import { dashboardKey } from '../../features/dashboard/api/keys';
import { useSiteOptions } from '../../features/sites/api/get-site-options';
import { sitesKey } from '../../features/sites/api/keys';

export function Component() {
  const queryClient = useQueryClient();
  const { data: siteOptions = [] } = useSiteOptions();
  // Alarm counts shown by the sites and the dashboard change with the alarms (the event stream
  // also refreshes them; this covers a stream that is down).
  const onAlarmsChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: sitesKey });
    void queryClient.invalidateQueries({ queryKey: dashboardKey });
  }, [queryClient]);
  return <AlarmsPage sites={siteOptions} onAlarmsChanged={onAlarmsChanged} />;
}
