import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';

/** A search field with its magnifier: every list screen's search box. */
export function SearchInput({
  className,
  wrapperClassName,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
      />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}
