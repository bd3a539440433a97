import { recordedPositionKindLabels } from '@vigie/contract/lone-worker.contract';
import { ChevronDown, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useMyPositions } from '../api/get-my-positions';
import { coordinates, mapUrl } from '../lone-worker-format';

/** « Positions enregistrées »: what Vigie keeps about the agent's whereabouts, and why. */
export function RecordedPositions() {
  const [open, setOpen] = useState(false);
  const positions = useMyPositions(open);
  const items = positions.data?.items ?? [];

  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="recorded-positions"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-12 items-center justify-between gap-2 rounded-xl border-2 border-slate-400/50 px-4 text-left text-base font-semibold text-white hover:bg-ink-800"
      >
        <span className="inline-flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-5 text-blue-300" />
          {t('Positions enregistrées')}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open ? (
        <div id="recorded-positions" className="flex flex-col gap-3">
          <p className="text-sm text-slate-300">
            {t(
              "Votre position n'est enregistrée qu'à la prise et à la fin de service, pendant la protection travailleur isolé et lors d'un SOS. Elle est effacée après 2 mois.",
            )}
          </p>
          {positions.isPending ? (
            <Spinner label={t('Chargement des positions…')} />
          ) : positions.isError ? (
            <p role="alert" className="text-base text-red-200">
              {errorMessage(positions.error, t('Impossible de charger vos positions'))}
            </p>
          ) : items.length === 0 ? (
            <p className="text-base text-slate-200">{t('Aucune position enregistrée.')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-white/10 rounded-xl border border-white/10">
              {items.map((p) => (
                <li key={p.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm">
                  <span className="flex justify-between gap-2">
                    <span className="font-semibold text-white">{t(recordedPositionKindLabels[p.kind])}</span>
                    <span className="text-slate-300 tabular-nums">{formatDateTime(p.recordedAt)}</span>
                  </span>
                  <a
                    href={mapUrl(p.lat, p.lng)}
                    target="_blank"
                    rel="noreferrer"
                    className="text-blue-300 underline underline-offset-2"
                  >
                    {coordinates(p.lat, p.lng)} (± {Math.round(p.accuracy)} m)
                  </a>
                </li>
              ))}
            </ul>
          )}
          {positions.data && positions.data.total > items.length ? (
            <p className="text-sm text-slate-300">
              {t('Les {count} plus récentes sur {total}.', {
                count: items.length,
                total: positions.data.total,
              })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
