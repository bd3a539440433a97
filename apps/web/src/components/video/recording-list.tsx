import { type Recording, recordingKindLabels } from '@vigie/contract/camera-video.contract';
import { Download, Film, Gavel, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime, intlLocale } from '../../lib/format';
import { msg, t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { downloadRecording, useLegalHold } from './recordings-api';

const recordingStates: Record<
  Recording['state'],
  { label: string; tone: 'neutral' | 'success' | 'danger' | 'warning' }
> = {
  // « Enregistrement… » is also a form's « Saving… »: the word alone says « recording ».
  recording: { label: msg('Enregistrement'), tone: 'warning' },
  ready: { label: msg('Prêt'), tone: 'success' },
  failed: { label: msg('Échec'), tone: 'danger' },
};

const size = (bytes: number) =>
  bytes >= 1048576
    ? t('{size} Mo', { size: (bytes / 1048576).toLocaleString(intlLocale(), { maximumFractionDigits: 1 }) })
    : t('{size} Ko', { size: Math.max(1, Math.round(bytes / 1024)).toLocaleString(intlLocale()) });

const seconds = (r: Recording) =>
  r.endedAt ? Math.max(0, Math.round((Date.parse(r.endedAt) - Date.parse(r.startedAt)) / 1000)) : null;

/**
 * A camera's (or an alarm's) stills and clips: when, how long, their SHA-256, « Télécharger », and
 * for administrators the legal hold that keeps one past the month of retention.
 */
export function RecordingList({ recordings, timezone }: { recordings: Recording[]; timezone?: string }) {
  if (recordings.length === 0) {
    return <p className="text-sm text-fg-muted">{t('Aucune capture ni aucun clip pour le moment.')}</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-ink-700" aria-label={t('Captures et clips')}>
      {recordings.map((r) => (
        <RecordingItem key={r.id} recording={r} timezone={timezone} />
      ))}
    </ul>
  );
}

function RecordingItem({ recording: r, timezone }: { recording: Recording; timezone?: string }) {
  const { user } = useSession();
  const hold = useLegalHold();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const state = recordingStates[r.state];
  const length = seconds(r);
  const Icon = r.kind === 'still' ? ImageIcon : Film;

  const download = async () => {
    try {
      await downloadRecording(r);
    } catch (err) {
      toast.error(t('Téléchargement impossible'), { description: errorMessage(err) });
    }
  };
  const saveHold = (value: string | null) =>
    hold.mutate(
      { id: r.id, reason: value },
      {
        onSuccess: () => {
          setAsking(false);
          setReason('');
          toast.success(
            value === null
              ? t('Conservation judiciaire levée')
              : t('Vidéo placée sous conservation judiciaire'),
          );
        },
        onError: (err) => toast.error(t('Erreur'), { description: errorMessage(err) }),
      },
    );

  return (
    <li className="flex flex-col gap-2 py-3" data-testid="recording">
      <div className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden="true" className="size-4 text-fg-muted" />
        <span className="text-sm font-medium text-white">
          {t(recordingKindLabels[r.kind])}
          {r.trigger === 'alarm' ? ` ${t('(alarme)')}` : ''}
        </span>
        <span className="text-sm text-slate-300">{formatDateTime(r.startedAt, timezone)}</span>
        {r.kind === 'clip' && length !== null ? (
          <span className="text-xs text-fg-muted">{length} s</span>
        ) : null}
        {r.state === 'ready' ? <span className="text-xs text-fg-muted">{size(r.sizeBytes)}</span> : null}
        <Badge tone={state.tone}>{`${t(state.label)}${r.state === 'recording' ? '…' : ''}`}</Badge>
        {r.legalHold ? (
          <Badge tone="warning" title={r.holdReason ?? undefined}>
            {t('Conservation judiciaire')}
          </Badge>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          className="ml-auto"
          disabled={r.state === 'recording'}
          onClick={() => void download()}
          aria-label={t('Télécharger {kind} du {date}', {
            kind: t(recordingKindLabels[r.kind]).toLowerCase(),
            date: formatDateTime(r.startedAt, timezone),
          })}
        >
          <Download aria-hidden="true" />
          {t('Télécharger')}
        </Button>
      </div>
      {r.sha256 ? (
        <p className="break-all font-mono text-[11px] text-fg-muted">
          {t('SHA-256 : {hash}', { hash: r.sha256 })}
        </p>
      ) : null}
      <p className="text-xs text-fg-muted">
        {r.legalHold
          ? t("Conservée jusqu'à la levée : {reason}", { reason: r.holdReason ?? '' })
          : r.expiresAt
            ? t('Suppression automatique le {date} (un mois au plus)', {
                date: formatDateTime(r.expiresAt, timezone),
              })
            : null}
      </p>
      {user?.role === 'admin' ? (
        asking ? (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              saveHold(reason);
            }}
          >
            <Input
              aria-label={t('Motif de la conservation judiciaire')}
              placeholder={t('Réquisition, enquête judiciaire…')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="min-w-0 flex-1"
              maxLength={500}
            />
            <Button type="submit" size="sm" disabled={hold.isPending || reason.trim().length < 3}>
              {t('Placer sous conservation')}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(false)}>
              {t('Annuler')}
            </Button>
          </form>
        ) : (
          <div>
            <Button
              variant="ghost"
              size="sm"
              disabled={hold.isPending}
              onClick={() => (r.legalHold ? saveHold(null) : setAsking(true))}
            >
              <Gavel aria-hidden="true" />
              {r.legalHold ? t('Lever la conservation judiciaire') : t('Conservation judiciaire')}
            </Button>
          </div>
        )
      ) : null}
    </li>
  );
}
