import { ImageUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AgentAvatar } from '../../../components/agent-avatar';
import { FormField } from '../../../components/ui/form-field';
import { t } from '../../../lib/i18n/i18n';
import { photoProblem, photoTypes } from './agent-form-schema';

type AgentPhotoInputProps = {
  name: string;
  current: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
};

/** The photo to upload once the agent is saved (checked here: type and 5 MB). */
export function AgentPhotoInput({ name, current, file, onChange }: AgentPhotoInputProps) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="flex items-center gap-4 sm:col-span-2">
      {preview ? (
        <img
          src={preview}
          alt={t('Aperçu du nouveau portrait')}
          className="size-20 shrink-0 rounded-full border border-ink-600 object-cover"
        />
      ) : (
        <AgentAvatar name={name || '?'} photo={current} size="lg" />
      )}
      <FormField
        id="agent-photo"
        label={t('Photo')}
        hint={t('JPEG, PNG ou WebP, 5 Mo au plus')}
        error={error ?? undefined}
        className="min-w-0 flex-1"
      >
        {/* The browser's own file button speaks the browser's language: ours speaks the user's. */}
        {/* Wraps on phones: the chosen file's name goes under the button instead of '…'. */}
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <input
            id="agent-photo"
            type="file"
            accept={photoTypes.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'agent-photo-error' : undefined}
            className="peer sr-only"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = chosen ? photoProblem(chosen) : null;
              setError(problem);
              if (problem) event.target.value = '';
              onChange(problem ? null : chosen);
            }}
          />
          <label
            htmlFor="agent-photo"
            className="inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-lg border border-ink-600 px-3 text-sm font-medium text-fg transition-colors hover:bg-ink-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-400"
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {current || file ? t('Changer la photo') : t('Choisir une photo')}
          </label>
          <span className="truncate text-sm text-fg-muted">
            {file ? file.name : t('Aucun fichier choisi')}
          </span>
        </div>
      </FormField>
    </div>
  );
}
