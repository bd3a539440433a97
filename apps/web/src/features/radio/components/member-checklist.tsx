type Choice = { id: string; label: string; detail?: string };

type MemberChecklistProps = {
  legend: string;
  choices: Choice[] | undefined;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  loading: string;
  empty: string;
};

/** One group of checkboxes of the members dialog (agents, or radios). */
export function MemberChecklist({
  legend,
  choices,
  selected,
  onToggle,
  loading,
  empty,
}: MemberChecklistProps) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      {choices === undefined ? (
        <p className="text-sm text-fg-muted">{loading}</p>
      ) : choices.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-600 p-3 text-sm text-fg-muted">{empty}</p>
      ) : (
        <div className="grid max-h-56 gap-y-1 overflow-y-auto rounded-lg border border-ink-700 p-3">
          {choices.map((choice) => (
            <label key={choice.id} className="flex min-h-9 items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                checked={selected.has(choice.id)}
                onChange={() => onToggle(choice.id)}
                className="size-4 shrink-0 accent-blue-500"
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
