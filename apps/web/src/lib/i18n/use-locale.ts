import { useSyncExternalStore } from 'react';
import { currentLocale, onLocaleChange } from './i18n';

/** The current language; a component using it renders again when the language changes. */
export function useLocale() {
  return useSyncExternalStore(onLocaleChange, currentLocale, currentLocale);
}
