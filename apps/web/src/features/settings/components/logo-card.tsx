import { ImageUp, Trash2, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteLogo } from '../api/delete-logo';
import { useLogo } from '../api/get-logo';
import { usePutLogo } from '../api/put-logo';
import { logoProblem, logoTypes, readAsDataUrl } from './logo-file';

/** An object URL for a blob, revoked when it changes or the component goes. */
function useObjectUrl(blob: Blob | null | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** The company's logo (PNG or JPEG, 2 MB): preview of the chosen file before it is sent. */
export function LogoCard({ logoUrl }: { logoUrl: string | null }) {
  const current = useLogo(logoUrl);
  const put = usePutLogo();
  const remove = useDeleteLogo();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const currentUrl = useObjectUrl(logoUrl ? current.data : null);
  const previewUrl = useObjectUrl(file);
  const shown = previewUrl ?? currentUrl;

  const upload = async () => {
    if (!file) return;
    try {
      await put.mutateAsync(await readAsDataUrl(file));
      setFile(null);
      toast.success(t('Logo enregistré'));
    } catch (failure) {
      const message = errorMessage(failure, t("Impossible d'enregistrer le logo"));
      setError(message);
      toast.error(t('Erreur'), { description: message });
    }
  };

  const drop = async () => {
    try {
      await remove.mutateAsync();
      toast.success(t('Logo retiré'));
    } catch (failure) {
      toast.error(t('Erreur'), { description: errorMessage(failure, t('Impossible de retirer le logo')) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ImageUp aria-hidden="true" className="size-5 text-blue-300" />
          {t('Logo')}
        </CardTitle>
        <CardDescription>
          {t('En tête des rapports et documents. PNG ou JPEG, 2 Mo au plus.')}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex h-32 items-center justify-center rounded-lg border border-dashed border-ink-600 bg-white/95 p-3">
          {shown ? (
            <img
              src={shown}
              alt={file ? t('Aperçu du nouveau logo') : t('Logo actuel de la société')}
              className="max-h-full max-w-full object-contain"
              data-testid="logo-preview"
            />
          ) : (
            <p className="text-sm text-slate-600">
              {logoUrl && current.isPending ? t('Chargement du logo…') : t('Aucun logo')}
            </p>
          )}
        </div>
        <FormField id="identity-logo" label={t('Nouveau logo')} error={error ?? undefined}>
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <input
              id="identity-logo"
              type="file"
              accept={logoTypes.join(',')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'identity-logo-error' : undefined}
              className="peer sr-only"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                const problem = chosen ? logoProblem(chosen) : null;
                setError(problem);
                if (problem) event.target.value = '';
                setFile(problem ? null : chosen);
              }}
            />
            <label
              htmlFor="identity-logo"
              className="inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-lg border border-ink-600 px-3 text-sm font-medium text-fg transition-colors hover:bg-ink-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-400"
            >
              <ImageUp aria-hidden="true" className="size-4" />
              {t('Choisir une image')}
            </label>
            <span className="truncate text-sm text-fg-muted">
              {file ? file.name : t('Aucun fichier choisi')}
            </span>
          </div>
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          {logoUrl && !file ? (
            <Button variant="danger-ghost" onClick={() => void drop()} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              {remove.isPending ? t('Suppression...') : t('Retirer le logo')}
            </Button>
          ) : null}
          {file ? (
            <>
              <Button variant="outline" onClick={() => setFile(null)}>
                {t('Annuler')}
              </Button>
              <Button onClick={() => void upload()} disabled={put.isPending}>
                <Upload aria-hidden="true" />
                {put.isPending ? t('Envoi...') : t('Enregistrer le logo')}
              </Button>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
