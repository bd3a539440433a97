import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { fieldClass } from './input';
import type { SelectOption } from './select';

type NativeSelectProps = Omit<ComponentProps<'select'>, 'children'> & {
  options: readonly SelectOption[];
};

/**
 * A browser `<select>` styled like the Radix `Select` trigger, for screens whose first load cannot
 * afford Radix Select (login and registration budgets).
 */
export function NativeSelect({ options, className, ...props }: NativeSelectProps) {
  return (
    <div className={cn('relative', className ?? 'w-full')}>
      <select
        className={cn(fieldClass, 'h-10 w-full cursor-pointer appearance-none pr-9 [color-scheme:dark]')}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} className="bg-ink-850 text-fg">
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-muted"
      />
    </div>
  );
}
