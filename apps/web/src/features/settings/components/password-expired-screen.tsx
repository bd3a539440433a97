import { KeyRound } from 'lucide-react';
import { PasswordChangeForm } from './password-change-form';
import { RestrictedFrame } from './restricted-frame';

type PasswordExpiredScreenProps = { onDone: () => void; onSignOut: () => void; signingOut: boolean };

/** The company's password expiry has passed: a new password before anything else. */
export function PasswordExpiredScreen({ onDone, onSignOut, signingOut }: PasswordExpiredScreenProps) {
  return (
    <RestrictedFrame
      testId="password-expired"
      icon={KeyRound}
      title="Votre mot de passe a expiré"
      description="Votre société demande de renouveler régulièrement les mots de passe. Choisissez-en un nouveau pour continuer."
      onSignOut={onSignOut}
      signingOut={signingOut}
    >
      <PasswordChangeForm idPrefix="expired" submitLabel="Enregistrer et continuer" onChanged={onDone} />
    </RestrictedFrame>
  );
}
