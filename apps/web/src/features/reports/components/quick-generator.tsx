import { FileDown, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useGenerateReport } from '../api/generate-report';
import { useReportSites } from '../api/get-sites';
import { periodDates } from '../api/period';
import {
  ALL_SITES,
  periodOptions,
  type QuickType,
  quickTypeOptions,
  quickTypeToReport,
  type RollingPeriod,
  siteOptionsOf,
} from './report-options';

type Props = {
  timezone: string;
  period: RollingPeriod;
  siteId: string | undefined;
  /** The period and site also drive the statistics above. */
  onPeriodChange: (period: RollingPeriod) => void;
  onSiteChange: (siteId: string | undefined) => void;
  /** 'custom' opens the full dialog, where the dates are chosen. */
  onCustom: () => void;
};

/** Génération rapide: a type, a period and a site, and a PDF with its graphs. */
export function QuickGenerator({ timezone, period, siteId, onPeriodChange, onSiteChange, onCustom }: Props) {
  const [type, setType] = useState<QuickType>('all');
  const sites = useReportSites();
  const generate = useGenerateReport();

  const run = async () => {
    try {
      await generate.mutateAsync({
        type: quickTypeToReport(type),
        format: 'pdf',
        ...periodDates(period, timezone),
        includeGraphs: true,
        siteId: siteId ?? null,
      });
      toast.success(t('Rapport en cours de génération'), {
        description: t('Vous serez notifié lorsque le rapport sera prêt.'),
      });
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de générer le rapport')) });
    }
  };

  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="quick-generator">
      <CardTitle className="flex items-center gap-2">
        <SlidersHorizontal aria-hidden="true" className="size-5 text-blue-300" />
        {t('Génération rapide')}
      </CardTitle>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="quick-type">{t('Type de rapport')}</Label>
          <Select
            id="quick-type"
            value={type}
            onValueChange={(v) => setType(v as QuickType)}
            options={quickTypeOptions()}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="quick-period">{t('Période')}</Label>
          <Select
            id="quick-period"
            value={period}
            onValueChange={(v) => (v === 'custom' ? onCustom() : onPeriodChange(v as RollingPeriod))}
            options={periodOptions()}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="quick-site">{t('Site')}</Label>
          <Select
            id="quick-site"
            value={siteId ?? ALL_SITES}
            onValueChange={(v) => onSiteChange(v === ALL_SITES ? undefined : v)}
            options={siteOptionsOf(sites.data)}
          />
        </div>
        <Button onClick={run} disabled={generate.isPending}>
          <FileDown aria-hidden="true" />
          {generate.isPending ? t('Génération...') : t('Générer (PDF)')}
        </Button>
      </div>
    </Card>
  );
}
