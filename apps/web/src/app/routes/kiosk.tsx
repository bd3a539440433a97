import KioskPage from '../../features/kiosk/kiosk-page';

export function Component() {
  return <KioskPage />;
}
