import type { Report, ReportStatus } from '@vigie/contract/reports.contract';
import { Download, FileSpreadsheet, FileText, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { type QueryLike, QueryState } from '../../../components/query-state';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteReport } from '../api/delete-report';
import { downloadReport } from '../api/download-report';

const statusTone: Record<ReportStatus, BadgeProps['tone']> = {
  'En attente': 'neutral',
  'En cours': 'accent',
  Prêt: 'success',
  Échec: 'danger',
};

/** The status as shown (the contract's values are the French words; comparisons keep them). */
const reportStatusLabels: Record<ReportStatus, string> = {
  'En attente': 'En attente',
  'En cours': 'En cours',
  Prêt: 'Prêt',
  Échec: 'Échec',
};

async function download(report: Report) {
  try {
    await downloadReport(report);
    toast.success(t('Export réussi'), { description: report.title });
  } catch (error) {
    toast.error(t("Erreur d'export"), {
      description: errorMessage(error, t("Impossible d'exporter le rapport")),
    });
  }
}

function ReportRow({
  report,
  timezone,
  onDelete,
}: {
  report: Report;
  timezone: string;
  onDelete: () => void;
}) {
  const Icon = report.format === 'pdf' ? FileText : FileSpreadsheet;
  const pending = report.status === 'En attente' || report.status === 'En cours';
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="report-item"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-ink-700 text-blue-200">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-medium text-white">{report.title}</p>
          <p className="text-sm text-fg-muted">
            {report.site} · {report.format === 'pdf' ? 'PDF' : 'Excel'}
            {report.size ? ` · ${report.size}` : ''}
            {report.generatedDate
              ? ` · ${t('généré le {date}', { date: formatDateTime(report.generatedDate, timezone) })}`
              : ''}
          </p>
          {/* i18n: not shown (a stored status compared, not a text) */}
          {report.status === 'Échec' && report.failureReason ? (
            <p className="text-sm text-red-300">{report.failureReason}</p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Badge tone={statusTone[report.status]} data-testid="report-status">
          {pending ? <Loader2 aria-hidden="true" className="size-3 animate-spin" /> : null}
          {t(reportStatusLabels[report.status])}
        </Badge>
        <Button
          size="sm"
          variant="secondary"
          // i18n: not shown (a stored status compared, not a text)
          disabled={report.status !== 'Prêt'}
          onClick={() => download(report)}
        >
          <Download aria-hidden="true" />
          {t('Télécharger')}
        </Button>
        <Button
          size="icon"
          variant="danger-ghost"
          aria-label={t('Supprimer {title}', { title: report.title })}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** Rapports récents: status moving on its own (events), download when ready, deletion asked twice. */
export function RecentReports({
  reports,
  timezone,
}: {
  reports: QueryLike<{ items: Report[] }>;
  timezone: string;
}) {
  const [doomed, setDoomed] = useState<Report | null>(null);
  const remove = useDeleteReport();
  const confirm = async () => {
    if (!doomed) return;
    try {
      await remove.mutateAsync(doomed.id);
      toast.success(t('Rapport supprimé'));
      setDoomed(null);
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de supprimer le rapport')) });
    }
  };
  return (
    <Card className="flex flex-col" data-testid="recent-reports">
      <div className="border-b border-ink-700 p-5">
        <CardTitle>{t('Rapports récents')}</CardTitle>
      </div>
      <QueryState
        query={reports}
        layout="card"
        loading={t('Chargement des rapports…')}
        error={t('Impossible de charger les rapports')}
        empty={{
          when: (data) => data.items.length === 0,
          title: t('Aucun rapport pour le moment. Générez-en un ci-dessus.'),
        }}
      >
        {(data) => (
          <ul className="divide-y divide-ink-700">
            {data.items.map((r) => (
              <ReportRow key={r.id} report={r} timezone={timezone} onDelete={() => setDoomed(r)} />
            ))}
          </ul>
        )}
      </QueryState>
      <Dialog open={doomed !== null} onOpenChange={(open) => (open ? null : setDoomed(null))}>
        <DialogContent title={t('Supprimer le rapport ?')} description={doomed?.title}>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setDoomed(null)}>
              {t('Annuler')}
            </Button>
            <Button variant="danger" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? t('Suppression...') : t('Supprimer')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
