import { describe, expect, it } from 'vitest';
import { joinSql, raw, sql, toQuery } from './sql.ts';

describe('sql tagged templates', () => {
  it('numbers the values once, left to right, through nested pieces', () => {
    const line = sql`insert into t (a, b) values (${1}, ${'x'})`;
    const gone = sql`delete from t where id = any(${['a', 'b']}::text[])`;
    const statement = sql`with head as (update o set n = ${7} where id = ${'o1'} returning id), ${joinSql(
      [sql`w1 as (${line})`, sql`w2 as (${gone})`],
      ', ',
    )} select 1 / count(*) from head`;
    expect(toQuery(statement)).toEqual({
      sql:
        'with head as (update o set n = $1 where id = $2 returning id), w1 as (insert into t (a, b) values ($3, $4)), ' +
        'w2 as (delete from t where id = any($5::text[])) select 1 / count(*) from head',
      params: [7, 'o1', 1, 'x', ['a', 'b']],
    });
  });

  it('keeps raw text and an empty join out of the parameters', () => {
    expect(toQuery(sql`select ${raw('1')}${joinSql([], ', ')} from t where a = ${null}`)).toEqual({
      sql: 'select 1 from t where a = $1',
      params: [null],
    });
  });
});
