import { KeyRound } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { PasswordChangeForm } from './password-change-form';
import { RestrictedFrame } from './restricted-frame';

type PasswordExpiredScreenProps = { onDone: () => void; onSignOut: () => void; signingOut: boolean };

/** The company's password expiry has passed: a new password before anything else. */
export function PasswordExpiredScreen({ onDone, onSignOut, signingOut }: PasswordExpiredScreenProps) {
  return (
    <RestrictedFrame
      testId="password-expired"
      icon={KeyRound}
      title={t('Votre mot de passe a expiré')}
      description={t(
        'Votre société demande de renouveler régulièrement les mots de passe. Choisissez-en un nouveau pour continuer.',
      )}
      onSignOut={onSignOut}
      signingOut={signingOut}
    >
      <PasswordChangeForm idPrefix="expired" submitLabel={t('Enregistrer et continuer')} onChanged={onDone} />
    </RestrictedFrame>
  );
}
