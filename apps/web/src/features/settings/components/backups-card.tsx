import type { Backup } from '@vigie/contract/settings.contract';
import { DatabaseBackup, Download, HardDriveDownload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmptyState, QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { saveBackup } from '../api/download-backup';
import { useBackups } from '../api/get-backups';
import { useRunBackup } from '../api/run-backup';
import { formatBytes } from './backup-size';

/** The backups the server keeps, 'Sauvegarder maintenant' and a download for each. */
export function BackupsCard() {
  const backups = useBackups();
  const run = useRunBackup();
  const [downloading, setDownloading] = useState<string | null>(null);

  const backupNow = async () => {
    try {
      const made = await run.mutateAsync();
      toast.success(t('Sauvegarde effectuée'), { description: `${made.name} (${formatBytes(made.size)})` });
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de lancer la sauvegarde')) });
    }
  };

  const download = async (backup: Backup) => {
    setDownloading(backup.name);
    try {
      await saveBackup(backup.name);
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t('Impossible de télécharger la sauvegarde')),
      });
    } finally {
      setDownloading(null);
    }
  };

  const available = backups.data?.available ?? false;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <DatabaseBackup aria-hidden="true" className="size-5 text-blue-300" />
            {t('Sauvegardes')}
          </CardTitle>
          <CardDescription>{t("Les plus récentes d'abord.")}</CardDescription>
        </div>
        <Button onClick={() => void backupNow()} disabled={!available || run.isPending}>
          <HardDriveDownload aria-hidden="true" />
          {run.isPending ? t('Sauvegarde en cours...') : t('Sauvegarder maintenant')}
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={backups}
          layout="card"
          loading={t('Chargement des sauvegardes…')}
          error={t('Impossible de charger les sauvegardes')}
        >
          {(data) => (
            <div className="flex flex-col gap-3">
              {data.message ? <p className="text-sm text-fg-muted">{data.message}</p> : null}
              {data.backups.length === 0 ? (
                <EmptyState layout="card" title={t('Aucune sauvegarde pour le moment.')} />
              ) : (
                <ul
                  className="divide-y divide-ink-700 rounded-lg border border-ink-700"
                  data-testid="backups-list"
                >
                  {data.backups.map((backup) => (
                    <li key={backup.name} className="flex flex-wrap items-center justify-between gap-3 p-3">
                      <div className="flex min-w-0 flex-col">
                        <span className="truncate font-mono text-sm text-slate-100" title={backup.name}>
                          {backup.name}
                        </span>
                        <span className="text-xs text-fg-muted">
                          <time dateTime={backup.createdAt}>{formatDateTime(backup.createdAt)}</time> ·{' '}
                          {formatBytes(backup.size)}
                        </span>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => void download(backup)}
                        disabled={!available || downloading !== null}
                        aria-label={t('Télécharger la sauvegarde du {date}', {
                          date: formatDateTime(backup.createdAt),
                        })}
                      >
                        <Download aria-hidden="true" />
                        {downloading === backup.name ? t('Téléchargement...') : t('Télécharger')}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
