import type { Queryable } from '../client.ts';

/** Rows per INSERT: 1000 keeps the parameter count far below PostgreSQL's 65 535 limit. */
export const BATCH_ROWS = 1000;

/**
 * Inserts `rows` (values in `columns` order) with multi-row `INSERT … VALUES` statements of at most
 * `batchRows` rows each. jsonb values must already be JSON strings.
 */
export async function insertRows(
  q: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  batchRows = BATCH_ROWS,
): Promise<void> {
  const head = `insert into ${table} (${columns.join(', ')}) values `;
  for (let start = 0; start < rows.length; start += batchRows) {
    const batch = rows.slice(start, start + batchRows);
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of batch) {
      if (row.length !== columns.length)
        throw new Error(`insertRows(${table}): expected ${columns.length} values`);
      const slots: string[] = [];
      for (const value of row) {
        params.push(value);
        slots.push(`$${params.length}`);
      }
      tuples.push(`(${slots.join(', ')})`);
    }
    await q.query(head + tuples.join(', '), params);
  }
}
