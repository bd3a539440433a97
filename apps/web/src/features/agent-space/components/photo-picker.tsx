import { Camera, X } from 'lucide-react';
import { useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { shrinkPhoto } from '../../../lib/shrink-photo';

type PhotoPickerProps = {
  photos: string[];
  onChange: (photos: string[]) => void;
  max: number;
  maxBytes: number;
  /** The button's text (« Ajouter une photo »). */
  label: string;
};

/** The phone's camera (or gallery), each picture reduced to 1280 px before it is kept. */
export function PhotoPicker({ photos, onChange, max, maxBytes, label }: PhotoPickerProps) {
  const [error, setError] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    setError(null);
    const next = [...photos];
    for (const file of Array.from(files ?? [])) {
      if (next.length >= max) {
        setError(t('{max, plural, one {Une photo au plus} other {# photos au plus}}', { max }));
        break;
      }
      try {
        const data = await shrinkPhoto(file, maxBytes);
        if (data.length > (maxBytes * 4) / 3) {
          setError(t('La photo ne doit pas dépasser {size} Ko', { size: Math.round(maxBytes / 1024) }));
          continue;
        }
        next.push(data);
      } catch {
        setError(t("Cette image n'a pas pu être lue : prenez une photo JPEG ou PNG"));
      }
    }
    onChange(next);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border-2 border-slate-400/70 px-4 text-base font-semibold text-white focus-within:ring-2 focus-within:ring-blue-400 hover:bg-ink-800">
          <Camera aria-hidden="true" className="size-5" />
          {label}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={(e) => {
              void add(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
        {photos.map((p, i) => (
          <span key={p.slice(-40)} className="relative">
            <img
              src={p}
              alt={t('Pièce jointe {number}', { number: i + 1 })}
              className="size-14 rounded-lg object-cover"
            />
            <button
              type="button"
              aria-label={t('Retirer la photo {number}', { number: i + 1 })}
              className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-ink-600 text-white"
              onClick={() => onChange(photos.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </span>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-200">
          {error}
        </p>
      ) : null}
    </div>
  );
}
