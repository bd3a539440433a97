import { Copy, TriangleAlert } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { toast } from 'sonner';
import { t } from '../../lib/i18n/i18n';
import { Button } from '../ui/button';
import { Label } from '../ui/label';

/** A key just created: the only time its secret is visible (only its hash is stored on the server). */
export type NewDeviceKey = { name: string; key: string };

type OneTimeKeyProps = {
  value: string;
  /** Id (and test id) of the read-only field holding the key. */
  id: string;
  label: string;
  /** The copied toast's description: where to paste the key. */
  copiedDescription: string;
  /** Where the device sends the key, under the field. */
  hint?: ReactNode;
  onDone: () => void;
};

/** The warning, the key in a read-only field with 'Copier', and 'J'ai copié la clé'. */
export function OneTimeKey({ value, id, label, copiedDescription, hint, onDone }: OneTimeKeyProps) {
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('Clé copiée'), { description: copiedDescription });
    } catch {
      // No clipboard access (plain http): select it for a manual copy.
      input.current?.select();
      toast.info(t('Sélectionnée'), { description: t('Copiez la clé avec Ctrl+C.') });
    }
  };

  return (
    <>
      <p className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t(
          'Copiez cette clé maintenant : elle ne sera plus jamais affichée. En cas de perte, révoquez-la et créez-en une nouvelle.',
        )}
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex gap-2">
          <input
            ref={input}
            id={id}
            readOnly
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-950/60 px-3 font-mono text-sm text-fg"
            data-testid={id}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t('Copier')}
          </Button>
        </div>
      </div>
      {hint ? <p className="text-sm text-fg-muted">{hint}</p> : null}
      <div className="flex justify-end">
        <Button onClick={onDone}>{t("J'ai copié la clé")}</Button>
      </div>
    </>
  );
}

type CreatedKeySectionProps = Omit<OneTimeKeyProps, 'value'> & {
  created: NewDeviceKey;
  /** The title's level in its page or dialog. */
  heading: 'h3' | 'h4';
};

/** The new key in place of its form: « Clé créée pour … », then the key shown once. */
export function CreatedKeySection({ created, heading: Heading, id, ...key }: CreatedKeySectionProps) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="text-sm font-semibold text-white">
        {t('Clé créée pour « {name} »', { name: created.name })}
      </Heading>
      <OneTimeKey value={created.key} id={id} {...key} />
    </section>
  );
}
