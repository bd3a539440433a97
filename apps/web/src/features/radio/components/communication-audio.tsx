import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { fetchCommunicationAudio } from '../api/get-communication-audio';

type AudioState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'error'; message: string };

/**
 * '▶ Écouter': the recording is fetched (with the bearer header) only when asked for, then played
 * from an object URL, freed when the item goes away.
 */
export function CommunicationAudio({ communicationId, label }: { communicationId: string; label: string }) {
  const [state, setState] = useState<AudioState>({ kind: 'idle' });
  const audioRef = useRef<HTMLAudioElement>(null);
  const url = state.kind === 'ready' ? state.url : null;

  useEffect(() => {
    if (!url) return;
    audioRef.current?.play().catch(() => {
      // Autoplay refused: the controls are there.
    });
    return () => URL.revokeObjectURL(url);
  }, [url]);

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      const blob = await fetchCommunicationAudio(communicationId);
      setState({ kind: 'ready', url: URL.createObjectURL(blob) });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, t("Impossible de charger l'enregistrement")) });
    }
  };

  if (url) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a radio recording; its transcript is shown beside it.
      <audio
        ref={audioRef}
        src={url}
        controls
        className="h-10 w-full"
        aria-label={label}
        data-testid="communication-audio"
      />
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => void load()}
        disabled={state.kind === 'loading'}
        aria-label={t('Écouter : {label}', { label })}
        data-testid="communication-play"
      >
        <span aria-hidden="true">▶</span> {state.kind === 'loading' ? t('Chargement…') : t('Écouter')}
      </Button>
      {state.kind === 'error' ? (
        <span role="alert" className="text-xs text-red-200">
          {state.message}
        </span>
      ) : null}
    </div>
  );
}
