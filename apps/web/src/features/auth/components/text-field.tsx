import type { ComponentProps } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

type TextFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  error?: string;
  fieldClassName?: string;
};

/** An input wired to its label and error message (accessible name and description). */
export function TextField({ id, label, error, required, fieldClassName, ...inputProps }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} required={required} className={fieldClassName}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
        {...inputProps}
      />
    </FormField>
  );
}
