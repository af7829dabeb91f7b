/**
 * The migration files as `migrate()` reads them: a file whose name does not match its pattern is skipped without a
 * word, and two files of one number apply in the order of the rest of their names — both easy to land by accident
 * when two changes take the next free number at once. Applied migrations are never renamed (a database that ran one
 * would run it again under its new name), so the two numbers that were taken twice long ago stay as they are.
 */
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';

const DIR = new URL('./migrations/', import.meta.url);
/** Numbers taken twice before this check, kept: their files have been applied under these names. */
const TAKEN_TWICE = ['0026', '0036'];

const files = readdirSync(DIR).filter((name) => name.endsWith('.sql'));

it('every migration file is named NNNN_lower_case.sql, so migrate() applies it', () => {
  expect(files.length).toBeGreaterThan(60);
  expect(files.filter((name) => !/^\d{4}_[a-z0-9_]+\.sql$/.test(name))).toEqual([]);
});

it('no migration number is taken twice (but the two of long ago)', () => {
  const numbers = files.map((name) => name.slice(0, 4));
  const twice = [...new Set(numbers.filter((number, i) => numbers.indexOf(number) !== i))].sort();
  expect(twice).toEqual(TAKEN_TWICE);
});
