import {
  type ExportFormat,
  type SecurityReport,
  securityReportStatusLabels,
} from '@vigie/contract/security-reports.contract';
import {
  Download,
  FileSpreadsheet,
  FileText,
  FileType2,
  Lock,
  Pencil,
  ShieldCheck,
  Trash2,
} from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { downloadLastExport, formatLabels, useExportSecurityReport } from '../api/export-security-report';

const statusTone = { draft: 'warning', finalized: 'success', exported: 'accent' } as const;
const exportButtons: { format: ExportFormat; icon: typeof FileText }[] = [
  { format: 'pdf', icon: FileText },
  { format: 'word', icon: FileType2 },
  { format: 'excel', icon: FileSpreadsheet },
];

type ReportCardProps = {
  report: SecurityReport;
  onFinalize: (report: SecurityReport) => void;
  onEdit: (report: SecurityReport) => void;
  onDelete: (report: SecurityReport) => void;
};

/** A calendar day ('2026-11-01') as written in France, with no timezone shift. */
const formatDate = (day: string) => day.split('-').reverse().join('/');
const period = (r: SecurityReport) =>
  r.periodStart && r.periodEnd
    ? t('du {start} au {end}', { start: formatDate(r.periodStart), end: formatDate(r.periodEnd) })
    : r.periodStart
      ? t('à partir du {start}', { start: formatDate(r.periodStart) })
      : null;

/** One report of the list: what it is, its status, and its exports. */
export function ReportCard({ report, onFinalize, onEdit, onDelete }: ReportCardProps) {
  const exporter = useExportSecurityReport();

  const runExport = async (format: ExportFormat) => {
    try {
      const answer = await exporter.mutateAsync({ id: report.id, number: report.number, format });
      toast.success(t('Export réussi'), { description: answer.message });
    } catch {
      toast.error(t("Erreur d'export"), { description: t("Impossible d'exporter le rapport") });
    }
  };
  const download = async () => {
    if (!report.lastExport) return;
    try {
      await downloadLastExport({ id: report.id, number: report.number, format: report.lastExport.format });
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t('Impossible de télécharger le rapport')),
      });
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4" data-testid={`report-${report.number}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-semibold text-white">
            {report.number} · <span className="break-words">{report.siteName}</span>
          </p>
          <p className="text-sm text-fg-muted">
            {t('Créé le {date} par {name}', {
              date: formatDateTime(report.createdAt),
              name: report.generatedByName,
            })}
            {period(report) ? ` · ${period(report)}` : ''}
          </p>
          <p className="text-sm text-fg-muted">
            {t(
              '{incidents, plural, one {{incidentCount} incident} other {{incidentCount} incidents}} · {interventions, plural, one {{interventionCount} intervention} other {{interventionCount} interventions}}',
              {
                incidents: report.totalIncidents,
                incidentCount: String(report.totalIncidents),
                interventions: report.interventions.length,
                interventionCount: String(report.interventions.length),
              },
            )}
          </p>
        </div>
        <Badge tone={statusTone[report.status]}>{t(securityReportStatusLabels[report.status])}</Badge>
      </div>
      {report.fingerprint && report.verificationUrl ? (
        <p className="flex items-center gap-1.5 text-xs text-fg-muted">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-300" />
          <span className="min-w-0 break-all">
            {t('Empreinte :')}{' '}
            <Link to={report.verificationUrl} className="font-mono text-blue-300 underline">
              {report.fingerprint.slice(0, 16)}…
            </Link>
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {report.status === 'draft' ? (
          <>
            <Button size="sm" onClick={() => onFinalize(report)}>
              <Lock aria-hidden="true" />
              {t('Finaliser')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onEdit(report)}
              aria-label={t('Modifier le brouillon {number}', { number: report.number })}
            >
              <Pencil aria-hidden="true" />
              {t('Modifier')}
            </Button>
          </>
        ) : null}
        {exportButtons.map(({ format, icon: Icon }) => (
          <Button
            key={format}
            size="sm"
            variant="outline"
            disabled={exporter.isPending}
            onClick={() => runExport(format)}
            aria-label={t('Exporter {number} en {format}', {
              number: report.number,
              format: formatLabels[format],
            })}
          >
            <Icon aria-hidden="true" />
            {formatLabels[format]}
          </Button>
        ))}
        <Button
          size="sm"
          variant="secondary"
          disabled={!report.lastExport}
          onClick={download}
          aria-label={t('Télécharger le dernier export de {number}', { number: report.number })}
          title={report.lastExport ? undefined : t('Exportez le rapport d’abord')}
        >
          <Download aria-hidden="true" />
          {t('Télécharger')}
        </Button>
        {report.status === 'draft' ? (
          <Button
            size="sm"
            variant="danger-ghost"
            onClick={() => onDelete(report)}
            aria-label={t('Supprimer le brouillon {number}', { number: report.number })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
