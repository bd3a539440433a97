import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { t } from '../../../lib/i18n/i18n';

type PasswordInputProps = Omit<ComponentProps<typeof Input>, 'type'> & { id: string };

/** A password field with an 'Afficher / Masquer' toggle (the spec's show/hide). */
export function PasswordInput({ id, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={className ?? 'relative w-full'}>
      <Input id={id} type={visible ? 'text' : 'password'} className="pr-11" {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-controls={id}
        aria-label={visible ? t('Masquer le mot de passe') : t('Afficher le mot de passe')}
        className="absolute top-1/2 right-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-fg-muted transition-colors hover:bg-ink-700 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/60"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}
