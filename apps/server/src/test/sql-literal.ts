// Tests only: a value as a quoted SQL constant, to write EXPLAIN statements of the plan tests by
// hand. The application never writes a value into SQL text (docs/decisions/0021).
import pg from 'pg';

export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return `'${value}'`;
  if (value instanceof Date) return `'${value.toISOString()}'`;
  throw new TypeError(`unsupported value type: ${typeof value}`);
}
