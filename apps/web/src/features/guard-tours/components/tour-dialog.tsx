import {
  checkpointKindLabels,
  checkpointKinds,
  type Tour,
  tourFormSchema,
  tourOrderModeLabels,
  tourOrderModes,
} from '@vigie/contract/guard-tours.contract';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { useTourSites } from '../api/get-tour-sites';
import { type TourInput, useSaveTour } from '../api/save-tour';

type CheckpointDraft = {
  id?: string;
  name: string;
  kind: 'qr' | 'nfc';
  nfcUid: string;
  instructions: string;
};

const dayLabels = [msg('Lun'), msg('Mar'), msg('Mer'), msg('Jeu'), msg('Ven'), msg('Sam'), msg('Dim')];

function draftOf(tour: Tour | null) {
  return {
    siteId: tour?.siteId ?? '',
    name: tour?.name ?? '',
    expectedMinutes: String(tour?.expectedMinutes ?? 30),
    orderMode: tour?.orderMode ?? 'fixed',
    scheduled: Boolean(tour?.schedule),
    everyMinutes: String(tour?.schedule?.everyMinutes ?? 120),
    start: tour?.schedule?.start ?? '22:00',
    end: tour?.schedule?.end ?? '06:00',
    days: tour?.schedule?.days ?? [1, 2, 3, 4, 5, 6, 7],
    checkpoints: (tour?.checkpoints ?? [{ name: '', kind: 'qr', nfcUid: null, instructions: null }]).map(
      (c): CheckpointDraft => ({
        ...('id' in c ? { id: c.id } : {}),
        name: c.name,
        kind: c.kind as 'qr' | 'nfc',
        nfcUid: c.nfcUid ?? '',
        instructions: c.instructions ?? '',
      }),
    ),
  };
}

/** The fields that show a message (body paths) and their controls, for a tour of `n` checkpoints. */
function controlIds(n: number): Record<string, string> {
  const ids: Record<string, string> = {
    siteId: 'tour-site',
    name: 'tour-name',
    expectedMinutes: 'tour-duration',
    'schedule.everyMinutes': 'tour-every',
    'schedule.start': 'tour-start',
    'schedule.end': 'tour-end',
  };
  for (let i = 0; i < n; i++) {
    ids[`checkpoints.${i}.name`] = `cp-name-${i}`;
    ids[`checkpoints.${i}.nfcUid`] = `cp-nfc-${i}`;
    ids[`checkpoints.${i}.instructions`] = `cp-instr-${i}`;
  }
  return ids;
}

/** Create or edit a tour: its site, name, duration, order, schedule and ordered checkpoints. */
export function TourDialog({
  tour,
  open,
  onOpenChange,
}: {
  tour: Tour | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(tour));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sites = useTourSites();
  const save = useSaveTour();
  // A field edited loses its error (the others keep theirs until the next submit).
  const clearError = (prefix: string) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(prefix))));
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => {
    clearError(
      key === 'scheduled' || key === 'everyMinutes' || key === 'start' || key === 'end' || key === 'days'
        ? 'schedule'
        : key,
    );
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const setCheckpoint = (i: number, patch: Partial<CheckpointDraft>) =>
    set(
      'checkpoints',
      draft.checkpoints.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    );
  const move = (i: number, by: number) => {
    const list = [...draft.checkpoints];
    const [item] = list.splice(i, 1);
    if (!item) return;
    list.splice(i + by, 0, item);
    set('checkpoints', list);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: TourInput = {
      siteId: draft.siteId,
      name: draft.name,
      expectedMinutes: Number(draft.expectedMinutes),
      orderMode: draft.orderMode,
      schedule: draft.scheduled
        ? { everyMinutes: Number(draft.everyMinutes), start: draft.start, end: draft.end, days: draft.days }
        : null,
      checkpoints: draft.checkpoints.map((c) => ({
        ...(c.id ? { id: c.id } : {}),
        name: c.name,
        kind: c.kind,
        instructions: c.instructions || null,
        nfcUid: c.kind === 'nfc' ? c.nfcUid : null,
      })),
    };
    const parsed = tourFormSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        if (!next[key]) next[key] = issue.message;
      }
      if (!draft.siteId) next.siteId = msg('Veuillez sélectionner un site');
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: tour?.id ?? null, body });
      toast.success(tour ? t('Ronde modifiée') : t('Ronde créée'));
      onOpenChange(false);
    } catch (error) {
      const ids = controlIds(draft.checkpoints.length);
      const { onFields, rest } = splitServerError(
        error,
        Object.keys(ids),
        t("Impossible d'enregistrer la ronde"),
      );
      setErrors(Object.fromEntries(onFields.map((e) => [e.field, e.message])));
      focusFirstField(onFields.map((e) => ids[e.field]));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  const siteOptions = [
    { value: '', label: t('Choisir un site') },
    ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={tour ? t('Modifier la ronde') : t('Nouvelle ronde')} size="xl">
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="tour-site" label={t('Site')} required error={errors.siteId}>
              <NativeSelect
                id="tour-site"
                options={siteOptions}
                value={draft.siteId}
                onChange={(e) => set('siteId', e.target.value)}
              />
            </FormField>
            <FormField id="tour-name" label={t('Nom de la ronde')} required error={errors.name}>
              <Input id="tour-name" value={draft.name} onChange={(e) => set('name', e.target.value)} />
            </FormField>
            <FormField
              id="tour-duration"
              label={t('Durée prévue (minutes)')}
              required
              error={errors.expectedMinutes}
            >
              <Input
                id="tour-duration"
                type="number"
                min={1}
                value={draft.expectedMinutes}
                onChange={(e) => set('expectedMinutes', e.target.value)}
              />
            </FormField>
            <FormField
              id="tour-order"
              label={t('Ordre de passage')}
              hint={t('Aléatoire : tiré à chaque départ')}
            >
              <NativeSelect
                id="tour-order"
                options={tourOrderModes.map((m) => ({ value: m, label: t(tourOrderModeLabels[m]) }))}
                value={draft.orderMode}
                onChange={(e) => set('orderMode', e.target.value as 'fixed' | 'random')}
              />
            </FormField>
          </div>

          <fieldset className="rounded-lg border border-ink-600 p-3">
            <legend className="px-1 text-sm font-medium">{t('Planification')}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.scheduled}
                onChange={(e) => set('scheduled', e.target.checked)}
              />
              {t("Créer les rondes automatiquement pour l'agent en service")}
            </label>
            {draft.scheduled ? (
              <div className="mt-3 grid gap-3 sm:grid-cols-3">
                <FormField
                  id="tour-every"
                  label={t('Toutes les (minutes)')}
                  error={errors['schedule.everyMinutes']}
                >
                  <Input
                    id="tour-every"
                    type="number"
                    min={15}
                    value={draft.everyMinutes}
                    onChange={(e) => set('everyMinutes', e.target.value)}
                  />
                </FormField>
                <FormField id="tour-start" label={t('De')} error={errors['schedule.start']}>
                  <Input
                    id="tour-start"
                    type="time"
                    value={draft.start}
                    onChange={(e) => set('start', e.target.value)}
                  />
                </FormField>
                <FormField id="tour-end" label={t('À')} error={errors['schedule.end']}>
                  <Input
                    id="tour-end"
                    type="time"
                    value={draft.end}
                    onChange={(e) => set('end', e.target.value)}
                  />
                </FormField>
                <div className="flex flex-wrap gap-2 sm:col-span-3">
                  {dayLabels.map((label, i) => {
                    const day = i + 1;
                    const on = draft.days.includes(day);
                    return (
                      <label key={label} className="flex items-center gap-1 text-sm">
                        <input
                          type="checkbox"
                          checked={on}
                          onChange={() =>
                            set(
                              'days',
                              on ? draft.days.filter((d) => d !== day) : [...draft.days, day].sort(),
                            )
                          }
                        />
                        {t(label)}
                      </label>
                    );
                  })}
                  {errors['schedule.days'] ? (
                    <p className="w-full text-xs text-red-300">{t(errors['schedule.days'])}</p>
                  ) : null}
                </div>
              </div>
            ) : null}
          </fieldset>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{t("Points de contrôle (dans l'ordre)")}</legend>
            {errors.checkpoints ? <p className="text-xs text-red-300">{t(errors.checkpoints)}</p> : null}
            {draft.checkpoints.map((c, i) => (
              <div key={c.id ?? `new-${i}`} className="rounded-lg border border-ink-600 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm font-semibold">{t('Point {index}', { index: i + 1 })}</span>
                  <div className="flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('Monter')}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      <ArrowUp />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('Descendre')}
                      disabled={i === draft.checkpoints.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      <ArrowDown />
                    </Button>
                    <Button
                      size="sm"
                      variant="danger-ghost"
                      aria-label={t('Supprimer le point {index}', { index: i + 1 })}
                      onClick={() =>
                        set(
                          'checkpoints',
                          draft.checkpoints.filter((_, j) => j !== i),
                        )
                      }
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </div>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  <FormField
                    id={`cp-name-${i}`}
                    label={t('Nom')}
                    required
                    error={errors[`checkpoints.${i}.name`]}
                  >
                    <Input
                      id={`cp-name-${i}`}
                      value={c.name}
                      onChange={(e) => setCheckpoint(i, { name: e.target.value })}
                    />
                  </FormField>
                  <FormField id={`cp-kind-${i}`} label={t('Type')}>
                    <NativeSelect
                      id={`cp-kind-${i}`}
                      options={checkpointKinds.map((k) => ({ value: k, label: t(checkpointKindLabels[k]) }))}
                      value={c.kind}
                      onChange={(e) => setCheckpoint(i, { kind: e.target.value as 'qr' | 'nfc' })}
                    />
                  </FormField>
                  {c.kind === 'nfc' ? (
                    <FormField
                      id={`cp-nfc-${i}`}
                      label={t('Identifiant du tag NFC')}
                      required
                      error={errors[`checkpoints.${i}.nfcUid`]}
                    >
                      <Input
                        id={`cp-nfc-${i}`}
                        placeholder="04:A2:1B:7C"
                        value={c.nfcUid}
                        onChange={(e) => setCheckpoint(i, { nfcUid: e.target.value })}
                      />
                    </FormField>
                  ) : null}
                  <FormField
                    id={`cp-instr-${i}`}
                    label={t('Consignes (facultatif)')}
                    className="sm:col-span-2"
                    error={errors[`checkpoints.${i}.instructions`]}
                  >
                    <Textarea
                      id={`cp-instr-${i}`}
                      rows={2}
                      value={c.instructions}
                      onChange={(e) => setCheckpoint(i, { instructions: e.target.value })}
                    />
                  </FormField>
                </div>
              </div>
            ))}
            <Button
              variant="outline"
              onClick={() =>
                set('checkpoints', [
                  ...draft.checkpoints,
                  { name: '', kind: 'qr', nfcUid: '', instructions: '' },
                ])
              }
            >
              <Plus /> {t('Ajouter un point de contrôle')}
            </Button>
          </fieldset>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {t('Annuler')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('Enregistrement…') : t('Enregistrer')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
