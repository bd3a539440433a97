// The 11 French national public holidays of a year (Code du travail, art. L3133-1). Alsace-Moselle's
// two extra days (Vendredi saint, 26 décembre) are not included. Pure calendar arithmetic: no
// timezone is involved, dates are `YYYY-MM-DD` local calendar days.

export interface FrenchHoliday {
  /** YYYY-MM-DD */
  date: string;
  /** French name, as shown to users. */
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a calendar day, `month` 1-12; out-of-range days roll over (e.g. 1 May = 31 Apr + 1). */
function isoDay(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Easter Sunday of the Gregorian calendar (anonymous Gregorian / Meeus-Jones-Butcher algorithm). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return { month: Math.floor(n / 31), day: (n % 31) + 1 };
}

/** The 11 national public holidays of `year`, in date order. */
export function frenchPublicHolidays(year: number): FrenchHoliday[] {
  if (!Number.isInteger(year) || year < 1583) throw new RangeError(`Invalid year: ${year}`);
  const easter = easterSunday(year);
  const fromEaster = (days: number) => isoDay(year, easter.month, easter.day + days);
  const holidays: FrenchHoliday[] = [
    { date: isoDay(year, 1, 1), name: "Jour de l'an" },
    { date: fromEaster(1), name: 'Lundi de Pâques' },
    { date: isoDay(year, 5, 1), name: 'Fête du travail' },
    { date: isoDay(year, 5, 8), name: 'Victoire 1945' },
    { date: fromEaster(39), name: 'Ascension' },
    { date: fromEaster(50), name: 'Lundi de Pentecôte' },
    { date: isoDay(year, 7, 14), name: 'Fête nationale' },
    { date: isoDay(year, 8, 15), name: 'Assomption' },
    { date: isoDay(year, 11, 1), name: 'Toussaint' },
    { date: isoDay(year, 11, 11), name: 'Armistice' },
    { date: isoDay(year, 12, 25), name: 'Noël' },
  ];
  // Stable: when Ascension falls on 1 or 8 May, both entries stay, fixed holiday first.
  return holidays.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}
