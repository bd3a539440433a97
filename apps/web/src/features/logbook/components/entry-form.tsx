import {
  type LogbookCategory,
  type LogbookEntry,
  logbookCategories,
  logbookCategoryLabels,
  maxLogbookPhotoBytes,
  maxLogbookPhotos,
  maxLogbookText,
} from '@vigie/contract/logbook.contract';
import { Camera, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { ApiError } from '../../../lib/api-errors';
import { formatDateTime, userTimezone } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { shrinkPhoto } from '../../../lib/shrink-photo';
import { useCreateLogbookEntry } from '../api/create-logbook-entry';
import { nowTimeIn, todayIn, zonedInstant } from './period';

/** Writes an entry, or the correction of `corrects` (a new entry linked to it). */
export function EntryForm({
  siteId,
  corrects,
  onDone,
}: {
  siteId: string;
  corrects?: LogbookEntry | null;
  onDone?: () => void;
}) {
  const tz = userTimezone();
  const categoryOptions = logbookCategories.map((c) => ({ value: c, label: t(logbookCategoryLabels[c]) }));
  const [category, setCategory] = useState<LogbookCategory>(corrects?.category ?? 'ronde');
  const [day, setDay] = useState(() => todayIn(tz));
  const [time, setTime] = useState(() => nowTimeIn(tz));
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<{ key: string; data: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateLogbookEntry();

  const addPhotos = async (files: FileList | null) => {
    setError(null);
    for (const file of Array.from(files ?? [])) {
      if (photos.length >= maxLogbookPhotos) {
        setError(t('{max} photos au plus par entrée', { max: maxLogbookPhotos }));
        return;
      }
      let data: string;
      try {
        data = await shrinkPhoto(file, maxLogbookPhotoBytes);
      } catch {
        setError(t("Cette image n'a pas pu être lue : choisissez une photo JPEG, PNG ou WebP"));
        return;
      }
      if (data.length > (maxLogbookPhotoBytes * 4) / 3) {
        setError(t('La photo ne doit pas dépasser 300 Ko'));
        return;
      }
      setPhotos((p) => [...p, { key: `${file.name}-${file.lastModified}-${Math.random()}`, data }]);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!text.trim()) {
      setError(t('Le texte est obligatoire'));
      return;
    }
    const occurredAt = zonedInstant(day, time, tz);
    if (Number.isNaN(occurredAt.getTime())) {
      setError(t("L'heure de l'événement est invalide"));
      return;
    }
    create.mutate(
      {
        siteId,
        category,
        text,
        occurredAt: occurredAt.toISOString(),
        photos: photos.map((p) => p.data),
        ...(corrects ? { correctsId: corrects.id } : {}),
      },
      {
        onSuccess: (entry) => {
          toast.success(t('Entrée n° {number} enregistrée', { number: entry.number }));
          setText('');
          setPhotos([]);
          onDone?.();
        },
        onError: (err) =>
          setError(err instanceof ApiError ? err.message : t("L'entrée n'a pas pu être enregistrée")),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3"
      aria-label={corrects ? t('Corriger une entrée') : t('Nouvelle entrée')}
    >
      {corrects && (
        <p className="rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm text-amber-100">
          {t(
            "Correction de l'entrée n° {number} du {date} : l'entrée d'origine reste inchangée, la correction est ajoutée à la suite.",
            { number: corrects.number, date: formatDateTime(corrects.occurredAt) },
          )}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="logbook-category">{t('Catégorie')}</Label>
          <NativeSelect
            id="logbook-category"
            value={category}
            onChange={(e) => setCategory(e.target.value as LogbookCategory)}
            options={categoryOptions}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="logbook-day">{t('Date')}</Label>
          <Input id="logbook-day" type="date" value={day} onChange={(e) => setDay(e.target.value)} required />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="logbook-time">{t('Heure')}</Label>
          <Input
            id="logbook-time"
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            required
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="logbook-text">{t('Texte')}</Label>
        <Textarea
          id="logbook-text"
          rows={3}
          maxLength={maxLogbookText}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("Ce qui s'est passé, ce qui a été fait…")}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-ink-600 px-3 text-sm text-fg hover:bg-ink-800">
          <Camera className="size-4" aria-hidden="true" />
          {t('Ajouter une photo')}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            capture="environment"
            className="sr-only"
            onChange={(e) => {
              void addPhotos(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
        {photos.map((p, i) => (
          <span key={p.key} className="relative">
            <img
              src={p.data}
              alt={t('Pièce jointe {index}', { index: i + 1 })}
              className="size-12 rounded object-cover"
            />
            <button
              type="button"
              aria-label={t('Retirer la photo {index}', { index: i + 1 })}
              className="absolute -top-2 -right-2 rounded-full bg-ink-700 p-0.5"
              onClick={() => setPhotos((all) => all.filter((_, j) => j !== i))}
            >
              <X className="size-3" />
            </button>
          </span>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {corrects ? t('Enregistrer la correction') : t("Écrire l'entrée")}
        </Button>
        {onDone && corrects && (
          <Button type="button" variant="ghost" onClick={onDone}>
            {t('Annuler')}
          </Button>
        )}
      </div>
    </form>
  );
}
