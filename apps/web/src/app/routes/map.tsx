import MapPage from '../../features/map/map-page';

export function Component() {
  return <MapPage />;
}
