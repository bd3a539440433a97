// Which language the app speaks: the signed-in user's (Paramètres · Profil utilisateur), else the
// browser's when it is one of ours (landing, sign-in, registration), else French.
import { getSession, onSessionChange } from '../session';
import { type AppLocale, browserLocale, isAppLocale, setLocale } from './i18n';

export function sessionLocale(): AppLocale {
  const language = getSession().user?.language;
  return isAppLocale(language) ? language : browserLocale();
}

/**
 * Follows the session's language from now on; resolves once the first language is ready, so that
 * a user reading English does not see the first screen in French.
 */
export function followSessionLocale(): Promise<void> {
  onSessionChange(() => void setLocale(sessionLocale()));
  return setLocale(sessionLocale()).catch(() => undefined);
}
