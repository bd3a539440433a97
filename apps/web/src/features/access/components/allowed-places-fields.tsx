import type { UseFormRegister } from 'react-hook-form';
import { t } from '../../../lib/i18n/i18n';
import { useAccessPoints } from '../api/get-access-points';
import { useAccessSites } from '../api/get-access-sites';
import type { BadgeFormValues } from './badge-form-schema';

type Choice = { id: string; label: string; detail?: string };

type ChoiceListProps = {
  legend: string;
  name: 'allowedPointIds' | 'allowedSiteIds';
  choices: Choice[] | undefined;
  loading: string;
  empty: string;
  register: UseFormRegister<BadgeFormValues>;
};

/** One group of checkboxes; both share the hint below, which says what none ticked means. */
function ChoiceList({ legend, name, choices, loading, empty, register }: ChoiceListProps) {
  return (
    <fieldset className="min-w-0" aria-describedby="badge-places-hint">
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      {choices === undefined ? (
        <p className="text-sm text-fg-muted">{loading}</p>
      ) : choices.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-600 p-3 text-sm text-fg-muted">{empty}</p>
      ) : (
        <div className="grid max-h-48 gap-y-1 overflow-y-auto rounded-lg border border-ink-700 p-3">
          {choices.map((choice) => (
            <label key={choice.id} className="flex min-h-9 items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                value={choice.id}
                className="size-4 shrink-0 accent-blue-500"
                {...register(name)}
              />
              <span className="min-w-0 break-words">
                {choice.label}
                {choice.detail ? <span className="text-fg-muted"> — {choice.detail}</span> : null}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** « Points d'accès autorisés » and « Sites autorisés »: a ticked site opens all of its points. */
export function AllowedPlacesFields({ register }: { register: UseFormRegister<BadgeFormValues> }) {
  const points = useAccessPoints();
  const sites = useAccessSites();
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <ChoiceList
        legend={t("Points d'accès autorisés")}
        name="allowedPointIds"
        choices={points.data?.map((p) => ({ id: p.id, label: p.name, detail: p.site }))}
        loading={t("Chargement des points d'accès…")}
        empty={t("Aucun point d'accès pour le moment : créez-les dans l'onglet « Points d'accès ».")}
        register={register}
      />
      <ChoiceList
        legend={t('Sites autorisés')}
        name="allowedSiteIds"
        choices={sites.data?.map((s) => ({ id: s.id, label: s.name }))}
        loading={t('Chargement des sites…')}
        empty={t("Aucun site pour le moment : créez-les dans l'écran « Sites & Clients ».")}
        register={register}
      />
      <p id="badge-places-hint" className="-mt-2 text-xs text-fg-muted sm:col-span-2">
        {t(
          "Aucun point ni site coché : le badge ouvre tous les points d'accès de la société. Un site coché ouvre tous ses points d'accès.",
        )}
      </p>
    </div>
  );
}
