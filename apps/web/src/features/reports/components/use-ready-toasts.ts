import type { Report } from '@vigie/contract/reports.contract';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { t } from '../../../lib/i18n/i18n';

/** 'Rapport créé' when a report seen being built becomes ready while the page is open. */
export function useReadyToasts(reports: Report[] | undefined) {
  const seen = useRef(new Map<string, Report['status']>());
  useEffect(() => {
    if (!reports) return;
    for (const r of reports) {
      const before = seen.current.get(r.id);
      // i18n: not shown (a stored status compared, not a text)
      if ((before === 'En attente' || before === 'En cours') && r.status === 'Prêt') {
        toast.success(t('Rapport créé'), {
          description: t('{title} est prêt à être téléchargé.', { title: r.title }),
        });
      }
      seen.current.set(r.id, r.status);
    }
  }, [reports]);
}
