import { useLocation, useParams } from 'react-router';
import AlarmFileVerificationPage from '../../features/alarms/file-verification-page';
import VerificationPage from '../../features/security-reports/verification-page';
import { RuntimeProviders } from '../runtime-providers';

// Public: opened from the QR code printed on a final security report (/verification/:fingerprint)
// or on an alarm's file (/verification/dossier/:fingerprint), with no session (outside the dashboard
// layout, so it brings its own data layer). One route for both: the landing page's entry carries the
// route table, and it is at its size budget.
export function Component() {
  const { fingerprint = '' } = useParams();
  const alarmFile = useLocation().pathname.startsWith('/verification/dossier/');
  return (
    <RuntimeProviders>
      {alarmFile ? (
        <AlarmFileVerificationPage fingerprint={fingerprint} />
      ) : (
        <VerificationPage fingerprint={fingerprint} />
      )}
    </RuntimeProviders>
  );
}
