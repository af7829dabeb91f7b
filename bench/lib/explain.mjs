/**
 * A Queryable for a bench's --explain: each statement given to it is run as `explain (<options>) …` and its plan
 * handed to `onPlan` (text, or the parsed plan with `format json` in the options); `set …` statements pass through.
 * It then answers no rows (for callers that only want the plans) or, with `thenRun`, runs the statement for real and
 * answers its rows (for callers that read them; the plan is of a separate run of the same statement). A
 * transaction opened on it explains the statements inside the same way.
 */
export function explaining(q, onPlan, { options = 'analyze', thenRun = false } = {}) {
  return {
    kind: q.kind,
    query: async (sql, params) => {
      if (sql.startsWith('set ')) return q.query(sql, params);
      const rows = await q.query(`explain (${options}) ${sql}`, params);
      if (options.includes('format json')) {
        const raw = rows[0]['QUERY PLAN'];
        onPlan((typeof raw === 'string' ? JSON.parse(raw) : raw)[0]); // PGlite answers the JSON as text
      } else onPlan(rows.map((r) => r['QUERY PLAN']).join('\n'));
      return thenRun ? q.query(sql, params) : [];
    },
    transaction: (fn) => q.transaction((tx) => fn(explaining(tx, onPlan, { options, thenRun }))),
  };
}
