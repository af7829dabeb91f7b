/** A PostgreSQL WAL position (`pg_lsn` as text, `16/B374D848`) as a number that compares. */
export function lsnOf(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}
