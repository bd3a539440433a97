import { LoneWorkerPanel } from '../../features/lone-worker/lone-worker-panel';
import { SosButton } from '../../features/lone-worker/sos-button';
import MyServicePage from '../../features/planning/my-service/my-service-page';

export function Component() {
  return (
    <MyServicePage
      safety={({ shiftInProgress }) => (
        <>
          <SosButton />
          <LoneWorkerPanel shiftInProgress={shiftInProgress} />
        </>
      )}
    />
  );
}
