import type { Alarm } from '@vigie/contract/alarms.contract';
import { FileDown, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session';
import { downloadFilePdf, useAlarmFile, useMarkShown } from '../api/alarm-file';
import { AuthoritiesForm } from './authorities-form';
import { CallEntryForm } from './call-entry-form';
import { DecisionForm } from './decision-form';
import { FileChecklist } from './file-checklist';
import { FileEntryList } from './file-entry-list';
import { FileTimes } from './file-times';
import { NoteForm } from './note-form';
import { SignFileDialog } from './sign-file-dialog';
import { VideoEntryForm } from './video-entry-form';

/**
 * The alarm's file of checks (levée de doute), for operators and administrators: the times and
 * durations, the site's checklist, the forms that add entries, the numbered timeline and its PDF.
 * Opening it tells the server the alarm was shown (only the first time counts).
 */
export function AlarmFilePanel({ alarm, timezone }: { alarm: Alarm; timezone?: string }) {
  const file = useAlarmFile(alarm.id);
  const shown = useMarkShown(alarm.id);
  const { user } = useSession();
  const posted = useRef<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    if (posted.current === alarm.id || alarm.status === 'resolved') return;
    posted.current = alarm.id;
    shown.mutate();
  }, [alarm.id, alarm.status, shown]);

  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadFilePdf(alarm.id);
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t('Impossible de télécharger le dossier')),
      });
    } finally {
      setDownloading(false);
    }
  };

  if (!file.data)
    return file.isError ? (
      <p className="text-sm text-red-200">{errorMessage(file.error, t('Dossier indisponible'))}</p>
    ) : (
      <Spinner label={t('Chargement du dossier…')} />
    );
  const f = file.data;
  const closed = f.closed;
  return (
    <section
      aria-labelledby="alarm-file-title"
      className="flex min-w-0 flex-col gap-4 border-t border-ink-700 pt-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="alarm-file-title" className="text-sm font-semibold text-white">
            {t('Dossier de levée de doute')}
          </h3>
          {f.chain.ok ? (
            <Badge tone="success">
              <ShieldCheck aria-hidden="true" className="size-3.5" />
              {t('Chaîne intègre ({count})', { count: f.chain.checked })}
            </Badge>
          ) : (
            <Badge tone="danger">
              <ShieldAlert aria-hidden="true" className="size-3.5" />
              {t("Chaîne rompue à l'entrée n° {number}", { number: f.chain.firstBrokenNumber })}
            </Badge>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {closed && !f.signed ? (
            <SignFileDialog alarmId={alarm.id} signerName={user?.name ?? t('l’opérateur')} />
          ) : null}
          <Button variant="outline" size="sm" onClick={() => void onDownload()} disabled={downloading}>
            <FileDown aria-hidden="true" />
            {downloading ? t('Préparation…') : t('Télécharger le PDF')}
          </Button>
        </div>
      </div>
      <FileTimes file={f} timezone={timezone} />
      {f.response === 'active' ? (
        <p className="rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-100">
          {t(
            "Alarme active selon les consignes du site : intervention directe, sans levée de doute. Le dossier garde ce qui l'a déclenchée.",
          )}
        </p>
      ) : null}
      <Tabs defaultValue={closed ? 'note' : 'checklist'}>
        <TabsList aria-label={t('Compléter le dossier')} className="flex-wrap sm:w-full">
          {closed ? null : (
            <>
              <TabsTrigger value="checklist">{t('Consignes')}</TabsTrigger>
              <TabsTrigger value="video">{t('Vidéo')}</TabsTrigger>
              <TabsTrigger value="call">{t('Consigner un appel')}</TabsTrigger>
              <TabsTrigger value="decision">{t('Décision')}</TabsTrigger>
              <TabsTrigger value="authorities">{t('Autorités prévenues')}</TabsTrigger>
            </>
          )}
          <TabsTrigger value="note">{t('Note / rectification')}</TabsTrigger>
        </TabsList>
        {closed ? null : (
          <>
            <TabsContent value="checklist" className="mt-3">
              <FileChecklist alarmId={alarm.id} file={f} readOnly={closed} />
            </TabsContent>
            <TabsContent value="video" className="mt-3">
              <VideoEntryForm
                alarmId={alarm.id}
                siteId={alarm.siteId}
                alarmAt={alarm.timestamp}
                timezone={timezone}
              />
            </TabsContent>
            <TabsContent value="call" className="mt-3">
              <CallEntryForm alarmId={alarm.id} contacts={f.instructions.contacts} />
            </TabsContent>
            <TabsContent value="decision" className="mt-3">
              <DecisionForm alarmId={alarm.id} />
            </TabsContent>
            <TabsContent value="authorities" className="mt-3">
              <AuthoritiesForm alarmId={alarm.id} />
            </TabsContent>
          </>
        )}
        <TabsContent value="note" className="mt-3">
          {closed ? (
            <p className="mb-2 text-xs text-fg-muted">
              {t(
                'Alarme résolue : le dossier ne se modifie plus, il se complète par une note ou une rectification.',
              )}
            </p>
          ) : null}
          <NoteForm alarmId={alarm.id} entries={f.entries} />
        </TabsContent>
      </Tabs>
      <FileEntryList alarmId={alarm.id} entries={f.entries} timezone={timezone} />
    </section>
  );
}
