import { maxScanPhotoBytes } from '@vigie/contract/guard-tours.contract';
import { Check, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { RoundCheckpoint } from '../scan/label';
import { PhotoPicker } from './photo-picker';

/** A reduced phone photo stays well under the scan's 1 MB limit. */
const PHOTO_BYTES = Math.min(maxScanPhotoBytes, 600 * 1024);

type ScanConfirmProps = {
  checkpoint: RoundCheckpoint;
  scannedAt: string;
  onConfirm: (anomaly: { note: string | null; photo: string | null }) => void;
  onCancel: () => void;
};

/**
 * The checkpoint just read, stamped with the time of the read: the agent confirms the passage, or
 * reports an anomaly on it (a note and/or a photo) before confirming.
 */
export function ScanConfirm({ checkpoint, scannedAt, onConfirm, onCancel }: ScanConfirmProps) {
  const [anomaly, setAnomaly] = useState(false);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (anomaly && !note.trim() && photos.length === 0) {
      setError(t('Décrivez l’anomalie ou joignez une photo'));
      return;
    }
    onConfirm({
      note: anomaly && note.trim() ? note.trim() : null,
      photo: anomaly ? (photos[0] ?? null) : null,
    });
  };

  return (
    <section
      aria-labelledby="scan-found-title"
      data-testid="scan-found"
      className="flex flex-col gap-4 rounded-2xl border-2 border-emerald-500 bg-ink-850 p-4"
    >
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-emerald-200">{t('Point reconnu')}</p>
        <h3 id="scan-found-title" className="text-2xl font-bold break-words text-white">
          {checkpoint.name}
        </h3>
        <p className="text-sm text-slate-200">{t('Lu à {date}', { date: formatDateTime(scannedAt) })}</p>
        {checkpoint.instructions ? (
          <p className="rounded-lg bg-ink-900 p-2 text-base text-slate-100">{checkpoint.instructions}</p>
        ) : null}
      </div>
      {anomaly ? (
        <div className="flex flex-col gap-3">
          <label htmlFor="scan-anomaly-note" className="text-base font-semibold text-white">
            {t('Anomalie constatée')}
          </label>
          <textarea
            id="scan-anomaly-note"
            rows={3}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t("Porte ouverte, éclairage en panne, trace d'effraction…")}
            className="w-full rounded-xl border-2 border-ink-600 bg-ink-900 px-3 py-2 text-base text-white placeholder:text-slate-400 focus:border-blue-400 focus:outline-none"
          />
          <PhotoPicker
            photos={photos}
            onChange={setPhotos}
            max={1}
            maxBytes={PHOTO_BYTES}
            label={t("Photo de l'anomalie")}
          />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-base text-red-200">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        onClick={confirm}
        className="inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-xl bg-emerald-700 px-5 text-lg font-bold text-white hover:bg-emerald-800"
      >
        <Check aria-hidden="true" className="size-6" />
        {anomaly ? t('Valider avec l’anomalie') : t('Valider le passage')}
      </button>
      {anomaly ? null : (
        <button
          type="button"
          onClick={() => setAnomaly(true)}
          className="inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-xl border-2 border-amber-400 px-5 text-lg font-bold text-amber-100 hover:bg-amber-500/10"
        >
          <TriangleAlert aria-hidden="true" className="size-6" />
          {t('Signaler une anomalie')}
        </button>
      )}
      <button
        type="button"
        onClick={onCancel}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold text-slate-200 hover:bg-ink-800"
      >
        <X aria-hidden="true" className="size-5" />
        {t("Annuler (ce n'est pas ce point)")}
      </button>
    </section>
  );
}
