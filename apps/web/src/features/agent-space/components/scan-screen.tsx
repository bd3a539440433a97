import type { Round, Tour } from '@vigie/contract/guard-tours.contract';
import { ArrowLeft, CircleCheck, CloudUpload, Info, Nfc, OctagonX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { msg, t } from '../../../lib/i18n/i18n';
import { loadQrDecoder } from '../../../lib/scanner/qr-frame-decoder';
import { type Facing, useCameraScanner } from '../../../lib/scanner/use-camera-scanner';
import { type NfcState, useNfcReader } from '../../../lib/scanner/use-nfc-reader';
import { cn } from '../../../lib/utils';
import { agentOutbox } from '../outbox/agent-outbox';
import type { Outcome } from '../outbox/outbox';
import {
  labelCheckpointId,
  normaliseNfc,
  type RoundCheckpoint,
  recognise,
  refusals,
  tagCheckpointId,
} from '../scan/label';
import { positionIfAllowed, type ScanPosition } from '../scan/position';
import { CameraView } from './camera-view';
import { CheckpointRoute } from './checkpoint-route';
import { ScanConfirm } from './scan-confirm';

type Verdict = { tone: 'ok' | 'queued' | 'refused' | 'info'; text: string };
type Found = { checkpoint: RoundCheckpoint; code?: string; nfcUid?: string; scannedAt: string };

/** The same code read again within this time is the same presentation (the camera reads 5 a second). */
const SAME_READ_MS = 3_000;
const VERDICT_MS = 5_000;

const nfcTexts: Record<NfcState, string> = {
  unsupported: msg('NFC non disponible sur ce téléphone : scannez les étiquettes QR.'),
  idle: msg('Activation du NFC…'),
  listening: msg('Tag NFC : approchez-le du dos du téléphone.'),
  denied: msg("NFC refusé : autorisez-le dans les réglages du site (icône à gauche de l'adresse)."),
  off: msg('NFC désactivé : activez-le dans les réglages du téléphone.'),
  failed: msg('La lecture NFC a échoué : fermez puis rouvrez la ronde.'),
};

function verdictOf(outcome: Outcome, name: string): Verdict {
  if (outcome.status === 'sent') return { tone: 'ok', text: t('Passage enregistré : {name}', { name }) };
  if (outcome.status === 'waiting')
    return {
      tone: 'queued',
      text: t('Hors ligne : passage « {name} » gardé sur le téléphone, envoyé au retour du réseau', { name }),
    };
  return { tone: 'refused', text: outcome.reason };
}

type ScanScreenProps = {
  round: Round;
  tour: Tour | undefined;
  /** Checkpoints scanned on the phone and not yet confirmed by the server. */
  queued: ReadonlySet<string>;
  onClose: () => void;
};

/**
 * The round being walked: the camera (QR labels) and Web NFC where the phone has it, the drawn
 * route with its progress, each read confirmed by the agent (or reported as an anomaly) and queued
 * with its time and position — sent at once, or when the network is back.
 */
export function ScanScreen({ round, tour, queued, onClose }: ScanScreenProps) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [facing, setFacing] = useState<Facing>('environment');
  const [attempt, setAttempt] = useState(0);
  const [found, setFound] = useState<Found | null>(null);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const position = useRef<Promise<ScanPosition | null> | null>(null);
  const lastRead = useRef<{ text: string; at: number } | null>(null);

  const done = new Set([...round.checkpoints.filter((c) => c.scan).map((c) => c.checkpointId), ...queued]);
  const count = done.size;
  const finished = count >= round.total;
  const reading = !found && !finished;

  useEffect(() => {
    void loadQrDecoder();
    // Opened from the rounds, lower down the page: the screen starts at its top.
    window.scrollTo(0, 0);
  }, []);
  useEffect(() => {
    if (!verdict) return;
    const timer = window.setTimeout(() => setVerdict(null), VERDICT_MS);
    return () => window.clearTimeout(timer);
  }, [verdict]);

  const onRead = (
    text: string,
    read: { code?: string; nfcUid?: string },
    id: string | null,
    refusal?: string,
  ) => {
    const now = Date.now();
    if (lastRead.current && lastRead.current.text === text && now - lastRead.current.at < SAME_READ_MS)
      return;
    lastRead.current = { text, at: now };
    const result = recognise(round, id, done, refusal);
    if (!result.ok) {
      // A label scanned already does not cover the verdict of the last passage.
      if (result.already) setVerdict((v) => v ?? { tone: 'info', text: result.message });
      else setVerdict({ tone: 'refused', text: result.message });
      return;
    }
    position.current = positionIfAllowed();
    setFound({ checkpoint: result.checkpoint, ...read, scannedAt: new Date(now).toISOString() });
  };

  const camera = useCameraScanner(videoRef, {
    active: reading,
    facing,
    attempt,
    onCode: (text) => onRead(text, { code: text }, labelCheckpointId(text)),
  });
  const nfc = useNfcReader({
    active: reading,
    onTag: (serial) => {
      const uid = normaliseNfc(serial);
      onRead(`nfc:${uid}`, { nfcUid: uid }, tagCheckpointId(tour, uid), refusals.unknownTag);
    },
  });

  const confirm = async (anomaly: { note: string | null; photo: string | null }) => {
    if (!found) return;
    const current = found;
    setFound(null);
    const where = await (position.current ?? Promise.resolve(null));
    try {
      const { outcome } = await agentOutbox().enqueue({
        kind: 'scan',
        label: t('Passage : {checkpoint} ({tour})', {
          checkpoint: current.checkpoint.name,
          tour: round.tourName,
        }),
        payload: {
          roundId: round.id,
          checkpointId: current.checkpoint.checkpointId,
          ...(current.code ? { code: current.code } : { nfcUid: current.nfcUid }),
          scannedAt: current.scannedAt,
          position: where,
          note: anomaly.note,
          photo: anomaly.photo,
        },
      });
      setVerdict(verdictOf(await outcome, current.checkpoint.name));
    } catch {
      setVerdict({
        tone: 'refused',
        text: t("Le passage n'a pas pu être gardé sur ce téléphone : scannez-le à nouveau"),
      });
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="scan-screen">
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={onClose}
          className="inline-flex min-h-12 items-center gap-2 rounded-xl border-2 border-slate-400/70 px-3 text-base font-bold text-white hover:bg-ink-800"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('Retour')}
        </button>
        <h1 className="min-w-0 flex-1 text-xl leading-tight font-bold break-words text-white">
          {round.tourName}
        </h1>
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-lg font-bold text-white" data-testid="scan-progress">
          {t('{count} / {total} points', { count, total: round.total })}
        </p>
        <div
          className="h-3 overflow-hidden rounded-full bg-ink-700"
          role="progressbar"
          aria-label={t('Progression de la ronde')}
          aria-valuemin={0}
          aria-valuemax={round.total}
          aria-valuenow={count}
        >
          <div
            className="h-full bg-emerald-500"
            style={{ width: `${round.total ? (count / round.total) * 100 : 0}%` }}
          />
        </div>
      </div>
      {verdict ? (
        <p
          role={verdict.tone === 'refused' ? 'alert' : 'status'}
          data-testid="scan-verdict"
          data-tone={verdict.tone}
          className={cn(
            'flex items-start gap-3 rounded-xl px-4 py-3 text-lg font-bold',
            verdict.tone === 'ok' && 'bg-emerald-700 text-white',
            verdict.tone === 'queued' && 'bg-amber-400 text-ink-950',
            verdict.tone === 'refused' && 'bg-red-700 text-white',
            verdict.tone === 'info' && 'bg-ink-700 text-white',
          )}
        >
          {verdict.tone === 'ok' ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          ) : verdict.tone === 'queued' ? (
            <CloudUpload aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          ) : verdict.tone === 'info' ? (
            <Info aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          ) : (
            <OctagonX aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          )}
          <span className="break-words">{verdict.text}</span>
        </p>
      ) : null}
      {found ? (
        <ScanConfirm
          checkpoint={found.checkpoint}
          scannedAt={found.scannedAt}
          onConfirm={(a) => void confirm(a)}
          onCancel={() => setFound(null)}
        />
      ) : finished ? (
        <p className="rounded-2xl border-2 border-emerald-500 bg-emerald-900/30 p-4 text-lg font-bold text-white">
          {t('Tous les points sont scannés : ronde terminée.')}
        </p>
      ) : (
        <>
          <p className="text-base text-slate-100">
            {t(
              "Cadrez l'étiquette QR du point dans le carré. Les images restent sur le téléphone : rien n'est enregistré ni envoyé.",
            )}
          </p>
          <CameraView
            videoRef={videoRef}
            state={camera}
            paused={!reading}
            onRetry={() => setAttempt((n) => n + 1)}
            onSwitch={() => setFacing((f) => (f === 'environment' ? 'user' : 'environment'))}
          />
        </>
      )}
      {finished ? null : (
        <p className="flex items-start gap-2 text-base text-slate-200" data-testid="scan-nfc">
          <Nfc aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-300" />
          {t(nfcTexts[nfc])}
        </p>
      )}
      <h2 className="text-lg font-semibold text-slate-100">{t('Parcours')}</h2>
      <CheckpointRoute checkpoints={round.checkpoints} queued={queued} />
    </div>
  );
}
