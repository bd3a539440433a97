import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, type SelectProps } from './select';

type FormSelectProps<T extends FieldValues, C, TOut> = Omit<SelectProps, 'value' | 'onValueChange'> & {
  control: Control<T, C, TOut>;
  name: FieldPath<T>;
};

/** A Select bound to a react-hook-form field (Radix Select is not a native input to `register`). */
export function FormSelect<T extends FieldValues, C, TOut>({
  control,
  name,
  ...props
}: FormSelectProps<T, C, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Select {...props} value={field.value} onValueChange={field.onChange} />}
    />
  );
}
