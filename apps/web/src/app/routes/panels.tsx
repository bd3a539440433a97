import PanelsPage from '../../features/panels/panels-page';
import { useSiteOptions } from '../../features/sites/api/get-site-options';

export function Component() {
  const { data: siteOptions = [] } = useSiteOptions();
  return <PanelsPage sites={siteOptions} />;
}
