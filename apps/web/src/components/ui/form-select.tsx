import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, type SelectProps } from './select';

type FormSelectProps<T extends FieldValues, C, TOut> = Omit<SelectProps, 'value' | 'onValueChange'> & {
  control: Control<T, C, TOut>;
  name: FieldPath<T>;
};

/**
 * A Select bound to a react-hook-form field (Radix Select is not a native input to `register`).
 * A refused field (by the form's schema or by the server) marks the trigger invalid, points it at
 * the FormField's message and lets the form focus it.
 */
export function FormSelect<T extends FieldValues, C, TOut>({
  control,
  name,
  ...props
}: FormSelectProps<T, C, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          aria-invalid={props['aria-invalid'] ?? (fieldState.invalid || undefined)}
          aria-describedby={
            props['aria-describedby'] ?? (fieldState.invalid && props.id ? `${props.id}-error` : undefined)
          }
          ref={field.ref}
          value={field.value}
          onValueChange={field.onChange}
        />
      )}
    />
  );
}
