/**
 * SQL written as tagged templates: `sql\`… where id = ${id}\`` keeps the text and its values apart,
 * and a statement placed inside another is joined into it. The `$n` numbers are given once, left to right, when
 * the statement runs (`toQuery`), so a statement built from several pieces reads as one text in the file that
 * writes it and is never renumbered.
 */
export type Sql = { readonly text: readonly string[]; readonly values: readonly unknown[] };

const isSql = (value: unknown): value is Sql =>
  typeof value === 'object' && value !== null && 'text' in value && 'values' in value;

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const text = [strings[0]!];
  const out: unknown[] = [];
  values.forEach((value, i) => {
    const after = strings[i + 1]!;
    if (isSql(value)) {
      text[text.length - 1] += value.text[0]!;
      value.values.forEach((inner, j) => {
        out.push(inner);
        text.push(value.text[j + 1]!);
      });
      text[text.length - 1] += after;
    } else {
      out.push(value);
      text.push(after);
    }
  });
  return { text, values: out };
}

/** Pieces joined by `separator` (plain text), e.g. the CTEs of one statement. */
export function joinSql(pieces: readonly Sql[], separator: string): Sql {
  return pieces.reduce(
    (joined, piece, i) => (i === 0 ? piece : sql`${joined}${raw(separator)}${piece}`),
    raw(''),
  );
}

/** Text without values (an identifier or keyword chosen by the code, never input). */
export const raw = (text: string): Sql => ({ text: [text], values: [] });

/** The statement's text with `$1…$n` and its parameters, for Queryable.query. */
export function toQuery(statement: Sql): { sql: string; params: unknown[] } {
  const text = statement.text.reduce((joined, part, i) => `${joined}$${i}${part}`);
  return { sql: text, params: [...statement.values] };
}
