import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useSetSiteTest } from '../api/set-site-test';
import { testDurations } from './panel-form-schema';

type SiteTestDialogProps = {
  site: { value: string; label: string } | null;
  /** Whether a panel of the site is in test now (« Sortir du test » is offered). */
  inTest: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * « Mettre le site en test »: every panel of the site acknowledges and journals its signals without
 * raising an alarm until the chosen end (a technician at work on the site), or out of test at once.
 */
export function SiteTestDialog({ site, inTest, onOpenChange }: SiteTestDialogProps) {
  const [hours, setHours] = useState<(typeof testDurations)[number]>('4');
  const mutation = useSetSiteTest();
  if (!site) return null;

  const submit = async (testUntil: string | null) => {
    try {
      const result = await mutation.mutateAsync({ siteId: site.value, body: { testUntil } });
      if (testUntil === null) {
        toast.success(t('Site sorti du mode test'), {
          description: t(
            '{count, plural, one {{count} centrale de « {site} » déclenchent de nouveau des alarmes.} other {{count} centrales de « {site} » déclenchent de nouveau des alarmes.}}',
            { count: result.panels, site: site.label },
          ),
        });
      } else {
        toast.success(t('Site en test'), {
          description: t(
            '{count, plural, one {{count} centrale de « {site} » en test pendant {hours} h.} other {{count} centrales de « {site} » en test pendant {hours} h.}}',
            { count: result.panels, site: site.label, hours },
          ),
        });
      }
      onOpenChange(false);
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t('Impossible de changer le mode test du site')),
      });
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Mode test du site « {site} »', { site: site.label })}
        description={t(
          'Pendant une intervention sur le site, les signaux de toutes ses centrales sont acquittés et journalisés sans créer d’alarme ni prévenir personne. Le mode test prend fin tout seul.',
        )}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-xs text-fg-muted">{t('Mettre en test pendant')}</legend>
          <div className="flex flex-wrap gap-2">
            {testDurations.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-9 cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition-colors',
                  hours === value
                    ? 'border-blue-500/60 bg-blue-500/15 text-white'
                    : 'border-ink-600 text-slate-200 hover:bg-ink-800',
                )}
              >
                <input
                  type="radio"
                  name="site-test-hours"
                  value={value}
                  checked={hours === value}
                  onChange={() => setHours(value)}
                  className="accent-blue-600"
                />
                {value} h
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {inTest ? (
            <Button
              variant="outline"
              className="sm:mr-auto"
              disabled={mutation.isPending}
              onClick={() => void submit(null)}
            >
              {t('Sortir du mode test')}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('Annuler')}
          </Button>
          <Button
            disabled={mutation.isPending}
            onClick={() => void submit(new Date(Date.now() + Number(hours) * 3_600_000).toISOString())}
          >
            {mutation.isPending ? t('Enregistrement…') : t('Mettre le site en test')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
