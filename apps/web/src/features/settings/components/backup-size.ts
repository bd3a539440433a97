import { currentLocale, t } from '../../../lib/i18n/i18n';

/** The units by 1024 steps, in French (octets); translated where shown. */
const byteUnitLabels = { B: 'o', KB: 'Ko', MB: 'Mo', GB: 'Go', TB: 'To' } as const;
const units = Object.values(byteUnitLabels);

/** '812 o', '45,3 Ko', '12,8 Mo', '1,2 Go' (French decimal comma, 1024 steps); '45.3 KB' in English. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // A decimal comma in French and Spanish, a point in English.
  const decimal = currentLocale() === 'en' ? '.' : ',';
  const shown = unit === 0 ? String(Math.round(value)) : value.toFixed(1).replace('.', decimal);
  return `${shown} ${t(units[unit] ?? '')}`;
}
