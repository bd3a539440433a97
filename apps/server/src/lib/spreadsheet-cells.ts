// Text cells of exported files (CSV, XLSX) that a spreadsheet cannot take for a formula (CSV or
// formula injection): names, notes and details are typed by people, and the files are opened by others.

/** A text starting with = + - @, a tab or a carriage return gets a leading apostrophe. */
export const escapeCell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
