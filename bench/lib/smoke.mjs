/**
 * Smoke mode, shared by the bench scripts (`--smoke`; bench/smoke.mjs runs every bench so in `npm test`): tiny
 * sizes, a few seconds, and the figures checked for shape, not against the quality bars (the machine is shared).
 * A bench records what it printed with `figure(label, value)` or a condition with `expect(label, ok)`, and calls
 * `endSmoke()` last: in smoke mode that prints `smoke ok: N checks` (the runner looks for this line) or says what
 * failed and sets a non-zero exit code.
 */
export const smoke = process.argv.includes('--smoke');

const failures = [];
let checks = 0;

/** A condition the smoke run needs (a status, a count); a no-op outside smoke mode. */
export function expect(label, ok) {
  if (!smoke) return;
  checks++;
  if (!ok) failures.push(label);
}

/** A printed figure must be a finite number (not NaN, undefined or Infinity). */
export function figure(label, value) {
  expect(`${label} is a number (got ${value})`, typeof value === 'number' && Number.isFinite(value));
}

/** Requests measured by a load run: some answered, none failed. */
export function loadRun(label, { requests, non2xx, errors, timeouts = 0 }) {
  expect(`${label}: requests were answered (got ${requests})`, requests > 0);
  expect(`${label}: no non-2xx answers (got ${non2xx})`, non2xx === 0);
  expect(`${label}: no errors (got ${errors + timeouts})`, errors + timeouts === 0);
}

/** Last call of a bench: reports the smoke result (exit code 1 when a check failed). */
export function endSmoke() {
  if (!smoke) return;
  if (failures.length) {
    for (const failure of failures) console.error(`smoke FAILED: ${failure}`);
    process.exitCode = 1;
  } else if (checks === 0) {
    console.error('smoke FAILED: the bench checked nothing');
    process.exitCode = 1;
  } else console.log(`smoke ok: ${checks} checks`);
}
