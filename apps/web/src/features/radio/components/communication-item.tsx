import type { Communication } from '@vigie/contract/radio-traffic.contract';
import { TriangleAlert } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { CommunicationAudio } from './communication-audio';
import { formatDurationMs, ofName } from './radio-format';

function Transcript({ communication }: { communication: Communication }) {
  if (communication.transcript) {
    return (
      <p
        className="text-sm break-words whitespace-pre-wrap text-slate-200"
        data-testid="communication-transcript"
      >
        {t('« {transcript} »', { transcript: communication.transcript })}
      </p>
    );
  }
  const text =
    communication.transcriptStatus === 'pending'
      ? t('Transcription en cours…')
      : communication.transcriptStatus === 'failed'
        ? t('Transcription impossible')
        : t('Pas de transcription');
  return <p className="text-sm text-fg-muted italic">{text}</p>;
}

/** One transmission: who, on which channel, when, what was said, and the AI's emergency check. */
export function CommunicationItem({
  communication,
  timezone,
}: {
  communication: Communication;
  timezone?: string;
}) {
  const analysis = communication.aiAnalysis;
  return (
    <li
      data-testid="communication-item"
      className={cn(
        'flex flex-col gap-2 rounded-lg border bg-ink-900/60 p-3',
        communication.emergencyDetected ? 'border-red-500/50' : 'border-ink-700',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium break-words text-white">{communication.fromAgentName}</span>
        <Badge tone="accent">{communication.channelName}</Badge>
        <span className="ml-auto text-xs text-fg-muted">
          {formatDateTime(communication.timestamp, timezone)}
          {communication.durationMs !== null ? ` · ${formatDurationMs(communication.durationMs)}` : ''}
        </span>
      </div>
      <Transcript communication={communication} />
      {communication.emergencyDetected ? (
        <div className="flex flex-col gap-1.5 rounded-lg border border-red-500/40 bg-red-500/10 p-2.5">
          <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-semibold text-white">
            <TriangleAlert aria-hidden="true" className="size-3.5" />
            {t('Urgence détectée')}
          </span>
          {analysis && analysis.keywords_found.length > 0 ? (
            <p className="text-xs text-red-100">
              {t('Mots-clés : {keywords}', { keywords: analysis.keywords_found.join(', ') })}
            </p>
          ) : null}
          {analysis?.recommendation ? (
            <p className="text-sm text-red-100">{analysis.recommendation}</p>
          ) : null}
        </div>
      ) : null}
      {communication.hasAudio ? (
        <CommunicationAudio
          communicationId={communication.id}
          label={t('Enregistrement {agent} sur {channel}', {
            agent: ofName(communication.fromAgentName),
            channel: communication.channelName,
          })}
        />
      ) : null}
    </li>
  );
}
