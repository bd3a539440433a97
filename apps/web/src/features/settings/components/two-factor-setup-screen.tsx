import { ShieldCheck } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { RestrictedFrame } from './restricted-frame';
import { TwoFactorEnrolment } from './two-factor-enrolment';

type TwoFactorSetupScreenProps = { onDone: () => void; onSignOut: () => void; signingOut: boolean };

/** The company requires two-factor sign-in and this user has none yet: enrol before anything else. */
export function TwoFactorSetupScreen({ onDone, onSignOut, signingOut }: TwoFactorSetupScreenProps) {
  return (
    <RestrictedFrame
      testId="two-factor-setup"
      icon={ShieldCheck}
      title={t('Activez la double authentification')}
      description={t(
        "Votre société exige la double authentification. Installez une application d'authentification sur votre téléphone, scannez le QR code puis saisissez le code affiché.",
      )}
      onSignOut={onSignOut}
      signingOut={signingOut}
    >
      <TwoFactorEnrolment onDone={onDone} doneLabel={t('Continuer')} />
    </RestrictedFrame>
  );
}
