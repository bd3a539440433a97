import { Copy, Download, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { saveBlob } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session';

/** `doneLabel` is already in the user's language. */
type RecoveryCodesProps = { codes: readonly string[]; onDone: () => void; doneLabel?: string };

/** The 10 recovery codes, shown this once: copy, download, then confirm they are kept. */
export function RecoveryCodes({ codes, onDone, doneLabel }: RecoveryCodesProps) {
  const { user } = useSession();
  const [kept, setKept] = useState(false);
  const checkboxId = useId();
  const text = [
    t('Vigie — codes de secours de double authentification'),
    user ? t('Compte : {email}', { email: user.email }) : null,
    t('Générés le {date}', { date: formatDateTime(new Date()) }),
    t("Chaque code ne sert qu'une fois. Gardez-les en lieu sûr."),
    '',
    ...codes,
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('Codes copiés'));
    } catch {
      toast.info(t('Copie impossible'), { description: t('Téléchargez les codes ou recopiez-les.') });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="flex gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t(
          "Conservez ces codes de secours en lieu sûr : ils ne seront plus jamais affichés. Chacun permet une connexion si vous n'avez plus accès à votre application d'authentification.",
        )}
      </p>
      <ol
        data-testid="recovery-codes"
        aria-label={t('Codes de secours')}
        className="grid grid-cols-2 gap-2 rounded-lg border border-ink-600 bg-ink-950/60 p-4 font-mono text-sm text-slate-100"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('Copier')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'vigie-codes-de-secours.txt')
          }
        >
          <Download aria-hidden="true" />
          {t('Télécharger')}
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={kept}
          onChange={(event) => setKept(event.target.checked)}
          className="size-4 accent-blue-500"
        />
        <label htmlFor={checkboxId} className="text-sm text-slate-200">
          {t("J'ai conservé mes codes de secours")}
        </label>
      </div>
      <Button onClick={onDone} disabled={!kept} className="self-end">
        {doneLabel ?? t('Terminer')}
      </Button>
    </div>
  );
}
