import type { AlarmFile } from '@vigie/contract/alarm-file.contract';
import { t } from '../../../lib/i18n/i18n';
import { useEntrySubmit } from './file-entry-submit';

/** The site's checklist: each step ticked (or unticked) is an entry of the file, with its text as it was. */
export function FileChecklist({
  alarmId,
  file,
  readOnly,
}: {
  alarmId: string;
  file: AlarmFile;
  readOnly: boolean;
}) {
  const { submit, pending } = useEntrySubmit(alarmId, [] as const, t('Consigne mise à jour'));
  // A step's state is its last entry's.
  const ticked = new Map<number, boolean>();
  for (const e of file.entries)
    if (e.kind === 'checklist_step' && e.data.stepIndex !== null) ticked.set(e.data.stepIndex, e.data.ticked);
  if (file.instructions.steps.length === 0)
    return <p className="text-sm text-fg-muted">{t("Le site n'a pas de consignes.")}</p>;
  return (
    <ol className="flex flex-col gap-2">
      {file.instructions.steps.map((step, i) => {
        const done = ticked.get(i) ?? false;
        const id = `file-step-${i}`;
        return (
          <li key={step.id} className="flex items-start gap-3 rounded-lg border border-ink-700 px-3 py-2">
            <input
              id={id}
              type="checkbox"
              checked={done}
              disabled={readOnly || pending}
              onChange={() =>
                void submit({ kind: 'checklist_step', stepIndex: i, text: step.text, ticked: !done })
              }
              className="mt-0.5 size-4 accent-emerald-500"
            />
            <label htmlFor={id} className={done ? 'text-sm text-fg-muted line-through' : 'text-sm text-fg'}>
              <span className="mr-1 text-fg-muted">{i + 1}.</span>
              {step.text}
            </label>
          </li>
        );
      })}
    </ol>
  );
}
