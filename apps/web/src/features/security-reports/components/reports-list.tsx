import type { SecurityReport } from '@vigie/contract/security-reports.contract';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteSecurityReport } from '../api/delete-security-report';
import { useSecurityReports } from '../api/get-security-reports';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { FinalizeDialog } from './finalize-dialog';
import { ReportCard } from './report-card';

/** Spec: the list of created reports with their PDF, Word and Excel exports. */
export function ReportsList({ onEdit }: { onEdit: (report: SecurityReport) => void }) {
  const reports = useSecurityReports();
  const remove = useDeleteSecurityReport();
  const [finalizing, setFinalizing] = useState<SecurityReport | null>(null);
  const [deleting, setDeleting] = useState<SecurityReport | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('Brouillon supprimé'), {
        description: t('{number} a été supprimé.', { number: deleting.number }),
      });
      setDeleting(null);
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de supprimer le rapport')) });
    }
  };

  return (
    <section aria-labelledby="reports-title" className="flex flex-col gap-3">
      <h2 id="reports-title" className="text-lg font-semibold text-white">
        {t('Rapports créés')} {reports.data ? `(${reports.data.total})` : ''}
      </h2>
      <QueryState
        query={reports}
        loading={t('Chargement des rapports…')}
        error={t('Impossible de charger les rapports.')}
        empty={{
          when: (data) => data.items.length === 0,
          icon: FileText,
          title: t('Aucun rapport pour le moment : le premier apparaîtra ici.'),
        }}
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.items.map((r) => (
              <li key={r.id}>
                <ReportCard report={r} onFinalize={setFinalizing} onEdit={onEdit} onDelete={setDeleting} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <FinalizeDialog report={finalizing} onOpenChange={(open) => (open ? null : setFinalizing(null))} />
      <ConfirmDeleteDialog
        report={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
