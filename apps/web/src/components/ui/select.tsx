import * as SelectPrimitive from '@radix-ui/react-select';
import { searchWords, tokensOf } from '@vigie/contract/search-words';
import { Check, ChevronDown, Search } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, type Ref, useMemo, useRef, useState } from 'react';
import { t } from '../../lib/i18n/i18n';
import { cn } from '../../lib/utils';
import { fieldClass } from './input';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<ComponentProps<typeof SelectPrimitive.Root>, 'children'> & {
  id?: string;
  options: readonly SelectOption[];
  placeholder?: string;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** The trigger: a form focuses it when the field is refused. */
  ref?: Ref<HTMLButtonElement>;
};

/** Beyond this many options the list opens with a search field (a big company's 2,000 sites). */
export const SEARCHABLE_FROM = 15;
/** Options listed at once in a searchable list: the search narrows them, the rest are not rendered. */
export const SHOWN_AT_MOST = 100;

/**
 * The options a searchable list renders: those whose label has a word starting with each word of
 * the search (« res » finds « Résidence Europole », as the server's searches do), at most
 * SHOWN_AT_MOST, and always the chosen one (the trigger shows its label from its rendered item).
 */
export function visibleOptions(options: readonly SelectOption[], search: string, value: string | undefined) {
  const words = searchWords(search);
  const shown: SelectOption[] = [];
  let more = 0;
  for (const option of options) {
    const label = tokensOf(option.label);
    if (!words.every((w) => label.some((l) => l.startsWith(w)))) continue;
    if (shown.length < SHOWN_AT_MOST) shown.push(option);
    else more++;
  }
  const chosen = value === undefined ? undefined : options.find((o) => o.value === value);
  const hidden = chosen !== undefined && !shown.includes(chosen);
  return { shown: hidden ? [...shown, chosen] : shown, more: hidden ? more - 1 : more };
}

// Keys the search field keeps; the others (arrows, Enter on an option, Escape, Tab) go to the list.
const typingKeys = (event: KeyboardEvent) =>
  event.key.length === 1 ||
  event.key === 'Backspace' ||
  event.key === 'Delete' ||
  event.key === 'Home' ||
  event.key === 'End';

/**
 * A styled single-choice select built on Radix (keyboard and screen-reader friendly). A long list
 * opens with a search field: accents and case aside, each word must start a word of the option.
 */
export function Select({
  id,
  options,
  placeholder,
  className,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  ref,
  onOpenChange,
  onValueChange,
  ...props
}: SelectProps) {
  const searchable = options.length >= SEARCHABLE_FROM;
  const [search, setSearch] = useState('');
  const searchField = useRef<HTMLInputElement>(null);
  // The chosen value, also when the select is uncontrolled: it must stay among the rendered options.
  const [picked, setPicked] = useState(props.defaultValue);
  const value = props.value ?? picked;
  const { shown, more } = useMemo(
    () => (searchable ? visibleOptions(options, search, value) : { shown: options, more: 0 }),
    [searchable, options, search, value],
  );
  return (
    <SelectPrimitive.Root
      {...props}
      onValueChange={(next) => {
        setPicked(next);
        onValueChange?.(next);
      }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
        onOpenChange?.(open);
      }}
    >
      <SelectPrimitive.Trigger
        ref={ref}
        id={id}
        aria-label={ariaLabel}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        className={cn(
          fieldClass,
          'flex h-10 items-center justify-between gap-2 text-left',
          className ?? 'w-full',
        )}
      >
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-fg-muted" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          // Radix focuses the chosen option on opening; a searchable list gives the field the keys.
          onKeyDownCapture={(event) => {
            if (searchable && typingKeys(event) && event.target !== searchField.current) {
              // The key is typed into the field, not used to jump to an option.
              searchField.current?.focus();
              event.stopPropagation();
            }
          }}
          className="z-[60] flex max-h-72 min-w-[var(--radix-select-trigger-width)] flex-col overflow-hidden rounded-lg border border-ink-600 bg-ink-850 text-fg shadow-2xl"
        >
          {searchable && (
            <div className="relative border-ink-700 border-b p-1">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
              />
              <input
                ref={searchField}
                type="search"
                aria-label={t('Rechercher dans la liste')}
                placeholder={t('Rechercher…')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                // The list's own type-to-select would take the letters from the field.
                onKeyDown={(event) => {
                  if (typingKeys(event)) event.stopPropagation();
                }}
                className="h-9 w-full rounded-md bg-transparent pr-2 pl-8 text-sm outline-none placeholder:text-fg-muted"
              />
            </div>
          )}
          <SelectPrimitive.Viewport className="p-1">
            {shown.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer select-none items-center rounded-md py-2 pr-8 pl-2.5 text-sm outline-none data-[highlighted]:bg-ink-700"
              >
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="absolute right-2">
                  <Check aria-hidden="true" className="size-4 text-blue-300" />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
            {searchable && shown.length === 0 && (
              <p className="px-2.5 py-2 text-fg-muted text-sm">{t('Aucun résultat')}</p>
            )}
            {more > 0 && (
              <p className="px-2.5 py-2 text-fg-muted text-xs">
                {t('{count, plural, one {# autre} other {# autres}} : précisez la recherche', {
                  count: more,
                })}
              </p>
            )}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
