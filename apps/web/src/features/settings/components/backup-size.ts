/** '812 o', '45,3 Ko', '12,8 Mo', '1,2 Go' (French decimal comma, 1024 steps). */
export function formatBytes(bytes: number): string {
  const units = ['o', 'Ko', 'Mo', 'Go', 'To'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : value.toFixed(1).replace('.', ',');
  return `${shown} ${units[unit]}`;
}
