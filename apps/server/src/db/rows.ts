/** Rows of a raw `db.execute(sql…)` result; both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
