import type { ComponentProps } from 'react';
import { Input } from '../../../components/ui/input';

type CodeInputProps = Omit<ComponentProps<typeof Input>, 'onChange' | 'value'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** The 6 digits of an authenticator app: digits only, the phone's number pad, one-time-code autofill. */
export function CodeInput({ value, onValueChange, className, ...props }: CodeInputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      placeholder="123456"
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      className={className ?? 'max-w-48 font-mono text-lg tracking-[0.3em]'}
      {...props}
    />
  );
}
