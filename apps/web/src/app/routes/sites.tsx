import { SiteCamerasList } from '../../features/cameras/components/site-cameras-list';
import SitesPage from '../../features/sites/sites-page';

const renderSiteCameras = (siteId: string) => <SiteCamerasList siteId={siteId} />;

export function Component() {
  return <SitesPage renderSiteCameras={renderSiteCameras} />;
}
