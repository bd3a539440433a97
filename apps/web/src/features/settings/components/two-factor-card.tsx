import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { useTwoFactor } from '../api/get-two-factor';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog';
import { TwoFactorEnableDialog } from './two-factor-enable-dialog';

/** The user's own two-factor sign-in: status, 'Activer' (QR, code, recovery codes), 'Désactiver'. */
export function TwoFactorCard() {
  const status = useTwoFactor();
  const [enabling, setEnabling] = useState(false);
  const [disabling, setDisabling] = useState(false);

  return (
    <Card data-testid="twofa-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-blue-300" />
          {t('Double authentification')}
        </CardTitle>
        <CardDescription>
          {t(
            "À chaque connexion, un code à 6 chiffres de votre application d'authentification est demandé en plus du mot de passe.",
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={status}
          layout="card"
          loading={t('Chargement de la double authentification…')}
          error={t('Impossible de charger la double authentification')}
        >
          {(data) => (
            <div className="flex flex-wrap items-center justify-between gap-4">
              <div className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-slate-200">{t('État :')}</span>
                  {data.enabled ? (
                    <Badge tone="success">{t('Activée')}</Badge>
                  ) : (
                    <Badge tone="neutral">{t('Désactivée')}</Badge>
                  )}
                  {data.required ? <Badge tone="warning">{t('Exigée par votre société')}</Badge> : null}
                </div>
                {data.enabled ? (
                  <p
                    className={
                      data.recoveryCodesLeft <= 3 ? 'text-sm text-amber-200' : 'text-sm text-fg-muted'
                    }
                  >
                    {data.recoveryCodesLeft <= 3
                      ? t(
                          'Codes de secours restants : {count} — désactivez puis réactivez la double authentification pour en obtenir de nouveaux.',
                          { count: data.recoveryCodesLeft },
                        )
                      : t('Codes de secours restants : {count}', { count: data.recoveryCodesLeft })}
                  </p>
                ) : null}
              </div>
              {data.enabled ? (
                data.required ? (
                  <p className="text-sm text-fg-muted">{t('Elle ne peut pas être désactivée.')}</p>
                ) : (
                  <Button variant="outline" onClick={() => setDisabling(true)}>
                    <ShieldOff aria-hidden="true" />
                    {t('Désactiver')}
                  </Button>
                )
              ) : (
                <Button onClick={() => setEnabling(true)}>
                  <ShieldCheck aria-hidden="true" />
                  {t('Activer')}
                </Button>
              )}
            </div>
          )}
        </QueryState>
      </CardContent>
      <TwoFactorEnableDialog open={enabling} onOpenChange={setEnabling} />
      <TwoFactorDisableDialog open={disabling} onOpenChange={setDisabling} />
    </Card>
  );
}
