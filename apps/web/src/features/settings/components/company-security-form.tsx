// French zod messages for the allowlist's generic errors.
import '@vigie/contract/locale';
import { ipWhitelistSchema, type SecuritySettings } from '@vigie/contract/settings.contract';
import { Building2, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { type UpdateSecurityInput, useUpdateSecuritySettings } from '../api/update-security-settings';
import { NEVER, passwordExpiryOptions, sessionTimeoutOptions } from './security-options';
import { SelfExclusionDialog } from './self-exclusion-dialog';
import { SwitchField } from './switch-field';

type Values = {
  twoFactorAuth: boolean;
  sessionTimeout: string;
  autoLogout: boolean;
  ipWhitelist: string;
  passwordExpiry: string;
};

const toValues = (s: SecuritySettings): Values => ({
  twoFactorAuth: s.twoFactorAuth,
  sessionTimeout: String(s.sessionTimeout),
  autoLogout: s.autoLogout,
  ipWhitelist: s.ipWhitelist,
  passwordExpiry: s.passwordExpiry === null ? NEVER : String(s.passwordExpiry),
});

const toBody = (v: Values): UpdateSecurityInput => ({
  twoFactorAuth: v.twoFactorAuth,
  sessionTimeout: Number(v.sessionTimeout) as UpdateSecurityInput['sessionTimeout'],
  autoLogout: v.autoLogout,
  ipWhitelist: v.ipWhitelist,
  passwordExpiry:
    v.passwordExpiry === NEVER ? null : (Number(v.passwordExpiry) as UpdateSecurityInput['passwordExpiry']),
});

/** Paramètres · Sécurité of the company (administrators). */
export function CompanySecurityForm({ settings }: { settings: SecuritySettings }) {
  const save = useUpdateSecuritySettings();
  const [values, setValues] = useState<Values>(() => toValues(settings));
  const [ipError, setIpError] = useState<string | null>(null);
  const [selfExclusion, setSelfExclusion] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (confirmSelfExclusion: boolean) => {
    try {
      const saved = await save.mutateAsync({
        ...toBody(values),
        ...(confirmSelfExclusion ? { confirmSelfExclusion: true } : {}),
      });
      setValues(toValues(saved));
      setSelfExclusion(null);
      toast.success(t('Sécurité mise à jour'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && !confirmSelfExclusion) {
        setSelfExclusion(errorMessage(error));
        return;
      }
      setSelfExclusion(null);
      const { onFields, rest } = splitServerError(
        error,
        ['ipWhitelist'],
        t('Impossible de modifier la sécurité'),
      );
      if (onFields[0]) {
        setIpError(onFields[0].message);
        focusFirstField(['security-ipWhitelist']);
      }
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ipWhitelistSchema.safeParse(values.ipWhitelist);
    if (!parsed.success) {
      // The rules' messages are catalogue texts (the contract's): each in the user's language.
      const messages = parsed.error.issues.map((issue) => t(issue.message));
      setIpError(`${messages.slice(0, 3).join(' ; ')}${messages.length > 3 ? ' ; …' : ''}`);
      document.getElementById('security-ipWhitelist')?.focus();
      return;
    }
    setIpError(null);
    void submit(false);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 aria-hidden="true" className="size-5 text-blue-300" />
          {t('Sécurité de la société')}
        </CardTitle>
        <CardDescription>
          {t("Ces règles s'appliquent à tous les utilisateurs de votre société.")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col divide-y divide-ink-700">
            <SwitchField
              id="security-twoFactorAuth"
              label={t('Double authentification obligatoire')}
              description={t(
                "Chaque utilisateur devra l'activer avant de continuer, dès sa prochaine action.",
              )}
              checked={values.twoFactorAuth}
              onCheckedChange={(v) => set('twoFactorAuth', v)}
            />
            <SwitchField
              id="security-autoLogout"
              label={t('Déconnexion automatique')}
              description={t(
                "Le navigateur se déconnecte après la durée d'expiration sans activité, avec un avertissement une minute avant.",
              )}
              checked={values.autoLogout}
              onCheckedChange={(v) => set('autoLogout', v)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="security-sessionTimeout"
              label={t('Expiration de session')}
              hint={t('Durée sans activité après laquelle une session se ferme.')}
            >
              <Select
                id="security-sessionTimeout"
                options={sessionTimeoutOptions()}
                value={values.sessionTimeout}
                onValueChange={(v) => set('sessionTimeout', v)}
                aria-describedby="security-sessionTimeout-hint"
              />
            </FormField>
            <FormField
              id="security-passwordExpiry"
              label={t('Expiration du mot de passe')}
              hint={t('Passé ce délai, un nouveau mot de passe est demandé à la connexion.')}
            >
              <Select
                id="security-passwordExpiry"
                options={passwordExpiryOptions()}
                value={values.passwordExpiry}
                onValueChange={(v) => set('passwordExpiry', v)}
                aria-describedby="security-passwordExpiry-hint"
              />
            </FormField>
          </div>
          <FormField
            id="security-ipWhitelist"
            label={t("Liste blanche d'adresses IP")}
            hint={t(
              'Une adresse ou une plage CIDR par ligne (ex. 192.0.2.0/24). Vide : toutes les adresses sont autorisées. Votre adresse actuelle : {ip}.',
              { ip: settings.currentIp },
            )}
            error={ipError ?? undefined}
          >
            <Textarea
              id="security-ipWhitelist"
              rows={5}
              spellCheck={false}
              className="font-mono whitespace-pre"
              placeholder={'203.0.113.10\n198.51.100.0/24\n2001:db8::/32'}
              value={values.ipWhitelist}
              onChange={(event) => {
                set('ipWhitelist', event.target.value);
                setIpError(null);
              }}
              aria-invalid={ipError ? true : undefined}
              aria-describedby={ipError ? 'security-ipWhitelist-error' : 'security-ipWhitelist-hint'}
            />
          </FormField>
          <Button type="submit" disabled={save.isPending} className="self-end">
            <Save aria-hidden="true" />
            {save.isPending ? t('Enregistrement...') : t('Enregistrer')}
          </Button>
        </form>
      </CardContent>
      <SelfExclusionDialog
        detail={selfExclusion}
        pending={save.isPending}
        onCancel={() => setSelfExclusion(null)}
        onConfirm={() => void submit(true)}
      />
    </Card>
  );
}
