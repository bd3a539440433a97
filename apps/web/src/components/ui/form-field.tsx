import type { ReactNode } from 'react';
import { translateWrittenOut } from '../../lib/i18n/written-out';
import { cn } from '../../lib/utils';
import { Label } from './label';

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: string;
  className?: string;
  children: ReactNode;
};

/**
 * Label, control and error message; the control must carry `id` and `aria-describedby={id-error}`
 * (or `{id-hint}` for the hint, shown while there is no error).
 */
export function FormField({ id, label, error, required, hint, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {/* Outside the label so the field's accessible name stays exactly `label`. */}
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-400">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-300">
          {/* A form's rule message is a French text of the catalogue (msg(), or written out by the
              contract's helpers), shown in the user's language. */}
          {translateWrittenOut(error)}
        </p>
      ) : null}
    </div>
  );
}
