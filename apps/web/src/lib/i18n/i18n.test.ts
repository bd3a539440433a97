// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { browserLocale, currentLocale, setLocale, t } from './i18n';

afterEach(() => setLocale('fr'));

describe('i18n', () => {
  it('speaks French by default, simple arguments and plurals included', () => {
    expect(currentLocale()).toBe('fr');
    expect(t('Tableau de bord')).toBe('Tableau de bord');
    expect(t('Société N° {reference}', { reference: 'VG-12' })).toBe('Société N° VG-12');
    const unacknowledged = '{count, plural, one {# alarme non acquittée} other {# alarmes non acquittées}}';
    expect(t(unacknowledged, { count: 1 })).toBe('1 alarme non acquittée');
    expect(t(unacknowledged, { count: 3 })).toBe('3 alarmes non acquittées');
  });

  it('loads English and Spanish when chosen, and falls back to French for an unknown text', async () => {
    await setLocale('en');
    expect(currentLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('Tableau de bord')).toBe('Dashboard');
    expect(t('Société N° {reference}', { reference: 'VG-12' })).toBe('Company No. VG-12');
    const unacknowledged = '{count, plural, one {# alarme non acquittée} other {# alarmes non acquittées}}';
    expect(t(unacknowledged, { count: 1 })).toBe('1 unacknowledged alarm');
    expect(t(unacknowledged, { count: 2 })).toBe('2 unacknowledged alarms');
    expect(t('Un texte sans traduction')).toBe('Un texte sans traduction');
    await setLocale('es');
    expect(t('Tableau de bord')).toBe('Panel de control');
    await setLocale('fr');
    expect(t('Tableau de bord')).toBe('Tableau de bord');
  });

  it('takes the browser’s language when it is one of ours', () => {
    expect(browserLocale(['es-ES', 'fr'])).toBe('es');
    expect(browserLocale(['de-DE', 'en-US'])).toBe('en');
    expect(browserLocale(['de-DE'])).toBe('fr');
    expect(browserLocale([])).toBe('fr');
  });
});

describe('translateWrittenOut', () => {
  it('matches a contract helper’s written-out text back to its message, labels translated', async () => {
    const { translateWrittenOut } = await import('./written-out');
    expect(translateWrittenOut('Le nom est obligatoire')).toBe('Le nom est obligatoire');
    await setLocale('en');
    expect(translateWrittenOut('Le nom est obligatoire')).toMatch(/required/i);
    expect(translateWrittenOut('Le nom est obligatoire')).not.toMatch(/Le nom/);
    expect(translateWrittenOut('Une phrase inconnue')).toBe('Une phrase inconnue');
  });
});
