import type { Channel } from '@vigie/contract/radio.contract';
import { Headphones } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { MicrophoneHelp } from './microphone-help';
import { PttStatusLine } from './ptt-status-line';
import { TalkButton } from './talk-button';
import { useElapsed } from './use-elapsed';
import { usePttSession } from './use-ptt-session';

const noticeClasses = {
  info: 'text-blue-200',
  warning: 'text-amber-200',
  error: 'text-red-200',
} as const;

/**
 * The channel's radio in the browser: 'Écouter' joins it as a listener (the others' voices play
 * live), 'Parler' transmits while held — with the pointer, or the space bar once it has the focus.
 */
export function PttPanel({ channel }: { channel: Channel }) {
  const { session, snapshot, audioRef } = usePttSession(channel.id);
  const elapsedMs = useElapsed(snapshot.talkStartedAt);
  const listening = snapshot.connection !== 'off';
  const hintId = `ptt-hint-${channel.id}`;

  return (
    <fieldset
      data-testid={`ptt-listener-${channel.id}`}
      data-bytes={snapshot.bytes}
      data-connection={snapshot.connection}
      data-talk={snapshot.talk}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-lg border bg-ink-900/60 p-3',
        snapshot.talk === 'talking' ? 'border-red-500/60' : 'border-ink-700',
      )}
    >
      <legend className="sr-only">{t('Radio du canal {name}', { name: channel.name })}</legend>
      <div className="grid grid-cols-2 gap-2">
        <Button
          size="lg"
          variant={listening ? 'secondary' : 'outline'}
          className="w-full px-3"
          aria-pressed={listening}
          aria-label={t('Écouter le canal {name}', { name: channel.name })}
          onClick={() => (listening ? session.leave() : session.listen())}
          data-testid={`ptt-listen-${channel.id}`}
        >
          <Headphones aria-hidden="true" className={listening ? 'text-emerald-300' : undefined} />
          {t('Écouter')}
        </Button>
        <TalkButton
          channelId={channel.id}
          active={snapshot.talk !== 'idle'}
          describedBy={hintId}
          onPress={() => void session.pressTalk()}
          onRelease={() => session.releaseTalk()}
        />
      </div>
      <PttStatusLine snapshot={snapshot} elapsedMs={elapsedMs} />
      {snapshot.notice ? (
        <p role="alert" className={cn('text-sm', noticeClasses[snapshot.notice.tone])}>
          {snapshot.notice.text}
        </p>
      ) : null}
      {snapshot.micHelp ? <MicrophoneHelp text={snapshot.micHelp} /> : null}
      <p id={hintId} className="text-xs text-fg-muted">
        {t("Maintenez « Parler » (ou la barre d'espace) pendant que vous parlez, 60 s au plus.")}
      </p>
      {/* biome-ignore lint/a11y/useMediaCaption: live radio voice, no captions exist; the status line says who speaks. */}
      <audio ref={audioRef} data-testid={`ptt-audio-${channel.id}`} autoPlay className="hidden" />
    </fieldset>
  );
}
