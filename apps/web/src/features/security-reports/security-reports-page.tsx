import type { SecurityReport } from '@vigie/contract/security-reports.contract';
import { useState } from 'react';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { ReportForm } from './components/report-form';
import { ReportsList } from './components/reports-list';
import { SecurityReportsRestricted } from './components/security-reports-restricted';

/** Rapports de Sécurité: the new-report form and the list of created reports with their exports. */
export default function SecurityReportsPage() {
  const { user } = useSession();
  const [editing, setEditing] = useState<SecurityReport | null>(null);
  if (user?.role === 'agent') return <SecurityReportsRestricted />;
  const edit = (report: SecurityReport) => {
    setEditing(report);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
          {t('Rapports de Sécurité')}
        </h1>
        <p className="text-fg-muted">
          {t(
            'Rapports détaillés signés par le responsable, exportables en PDF, Word et Excel, vérifiables par QR code une fois finalisés.',
          )}
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* Keyed: the form starts again from the draft (or empty) each time. */}
        <ReportForm key={editing?.id ?? 'new'} report={editing} onDone={() => setEditing(null)} />
        <ReportsList onEdit={edit} />
      </div>
    </div>
  );
}
