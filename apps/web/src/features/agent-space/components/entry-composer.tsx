import {
  type LogbookCategory,
  logbookCategories,
  logbookCategoryLabels,
  maxLogbookPhotoBytes,
  maxLogbookPhotos,
  maxLogbookText,
} from '@vigie/contract/logbook.contract';
import { PenLine } from 'lucide-react';
import { type FormEvent, type RefObject, useState } from 'react';
import { toast } from 'sonner';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { t } from '../../../lib/i18n/i18n';
import { agentOutbox } from '../outbox/agent-outbox';
import type { Outcome } from '../outbox/outbox';
import { PhotoPicker } from './photo-picker';

type EntryComposerProps = {
  siteId: string;
  category: LogbookCategory;
  onCategory: (category: LogbookCategory) => void;
  textRef: RefObject<HTMLTextAreaElement | null>;
};

function tellOutcome(result: Outcome) {
  if (result.status === 'sent') {
    const number = (result.answer as { number?: number } | null)?.number;
    toast.success(number ? t('Entrée n° {number} enregistrée', { number }) : t('Entrée enregistrée'));
  } else if (result.status === 'waiting') {
    toast.info(t('Entrée gardée sur le téléphone'), {
      description: t('Elle sera envoyée au retour du réseau, avec son heure.'),
    });
  } else {
    toast.error(t('Entrée refusée'), { description: result.reason });
  }
}

/**
 * Writes an entry of the site's main courante. Online or not, it goes through the outbox: stamped
 * with the time it is written, sent at once when the network is there, kept on the phone if not.
 */
export function EntryComposer({ siteId, category, onCategory, textRef }: EntryComposerProps) {
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Built at render: the labels follow the language.
  const categoryOptions = logbookCategories.map((c) => ({ value: c, label: t(logbookCategoryLabels[c]) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) {
      setError(t('Le texte est obligatoire'));
      return;
    }
    setError(null);
    setBusy(true);
    let outcome: Promise<Outcome>;
    try {
      ({ outcome } = await agentOutbox().enqueue({
        kind: 'logbook',
        label: `${t(logbookCategoryLabels[category])} — ${body.length > 60 ? `${body.slice(0, 60)}…` : body}`,
        payload: { siteId, category, text: body, occurredAt: new Date().toISOString(), photos },
      }));
    } catch {
      setError(t("L'entrée n'a pas pu être gardée sur ce téléphone : réessayez"));
      return;
    } finally {
      setBusy(false);
    }
    setText('');
    setPhotos([]);
    // The verdict comes when the first attempt is over; the agent may write the next one meanwhile.
    void outcome.then(tellOutcome);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={t('Nouvelle entrée de main courante')}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="agent-entry-category" className="text-base">
          {t('Catégorie')}
        </Label>
        <NativeSelect
          id="agent-entry-category"
          value={category}
          onChange={(e) => onCategory(e.target.value as LogbookCategory)}
          options={categoryOptions}
          className="w-full [&_select]:h-12 [&_select]:text-base"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="agent-entry-text" className="text-base">
          {t('Texte')}
        </Label>
        <textarea
          id="agent-entry-text"
          ref={textRef}
          rows={4}
          maxLength={maxLogbookText}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={
            // i18n: not shown (a stored value compared, not a text)
            category === 'relève'
              ? t('Consignes, clés, événements en cours pour l’agent suivant…')
              : t('Ce qui s’est passé, ce qui a été fait…')
          }
          className="w-full rounded-xl border-2 border-ink-600 bg-ink-900 px-3 py-2 text-base text-white placeholder:text-slate-400 focus:border-blue-400 focus:outline-none"
        />
      </div>
      <PhotoPicker
        photos={photos}
        onChange={setPhotos}
        max={maxLogbookPhotos}
        maxBytes={maxLogbookPhotoBytes}
        label={t('Ajouter une photo')}
      />
      {error ? (
        <p role="alert" className="text-base text-red-200">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-14 w-full items-center justify-center gap-3 rounded-xl bg-accent px-5 text-lg font-bold text-white hover:bg-accent-hover disabled:opacity-50"
      >
        <PenLine aria-hidden="true" className="size-6" />
        {/* i18n: not shown (a stored value compared, not a text) */}
        {category === 'relève' ? t('Enregistrer la relève') : t("Enregistrer l'entrée")}
      </button>
    </form>
  );
}
