import { LockKeyhole } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { PasswordChangeForm } from './password-change-form';

/** 'Changer le mot de passe' in Paramètres · Profil utilisateur. */
export function PasswordCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole aria-hidden="true" className="size-5 text-blue-300" />
          {t('Changer le mot de passe')}
        </CardTitle>
        <CardDescription>{t('Vos autres sessions ouvertes seront fermées.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <PasswordChangeForm idPrefix="password" />
      </CardContent>
    </Card>
  );
}
