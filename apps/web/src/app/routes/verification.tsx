import { useParams } from 'react-router';
import VerificationPage from '../../features/security-reports/verification-page';
import { RuntimeProviders } from '../runtime-providers';

// Public: opened from the QR code printed on a final security report, with no session (outside the
// dashboard layout, so it brings its own data layer).
export function Component() {
  const { fingerprint = '' } = useParams();
  return (
    <RuntimeProviders>
      <VerificationPage fingerprint={fingerprint} />
    </RuntimeProviders>
  );
}
