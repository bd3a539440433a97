import { useParams } from 'react-router';
import AlarmFileVerificationPage from '../../features/alarms/file-verification-page';
import { RuntimeProviders } from '../runtime-providers';

// Public: opened from the QR code printed on an alarm's file, with no session (outside the dashboard
// layout, so it brings its own data layer).
export function Component() {
  const { fingerprint = '' } = useParams();
  return (
    <RuntimeProviders>
      <AlarmFileVerificationPage fingerprint={fingerprint} />
    </RuntimeProviders>
  );
}
