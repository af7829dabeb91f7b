/**
 * Card data safety: after a run of card payments (every sandbox outcome, captcha, replays, bad input, a token),
 * no table column (text/json) and no captured log line holds a card number (13–19 digits passing Luhn) or a
 * security code.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestDb, TEST_DB_KINDS, type TestDb } from '../../test/test-db.ts';
import { testConfig } from '../../test/test-app.ts';
import { isLuhnValid } from '../../lib/card-brand.ts';
import { TEST_CARDS as CARDS } from '../../security/secret-scan.ts';
import { awaitingOrder, cardBody, seedPaymentSuite } from './payment-test-kit.ts';

/**
 * Luhn-valid runs of 13–19 digits standing alone (not inside an id or a hex hash) in `text`, except the allowed
 * ones (contact and shop phone numbers). The test cards are also looked for anywhere, verbatim.
 */
function cardNumbersIn(text: string, allowed: Set<string>): string[] {
  const runs = text.match(/(?<![A-Za-z0-9])\d{13,19}(?![A-Za-z0-9])/g) ?? [];
  return runs.filter((run) => isLuhnValid(run) && !allowed.has(run));
}

/** Security codes used by cardBody, as standalone tokens. */
const SECURITY_CODE = /(?<![A-Za-z0-9])(739|7391)(?![A-Za-z0-9])/;

for (const kind of TEST_DB_KINDS) {
  describe(`no card data stored or logged [${kind}]`, () => {
    let test: TestDb;
    let app: FastifyInstance;
    const lines: string[] = [];

    beforeAll(async () => {
      test = await createTestDb(kind);
      await seedPaymentSuite(test.db);
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      app = await buildApp({ db: test.db, config: testConfig({ logLevel: 'trace' }), logStream: stream });
    });
    afterAll(async () => {
      await app.close();
      await test.drop();
    });

    it('scans every text/json column and the logs after a payment run', async () => {
      for (const [i, number] of CARDS.entries()) {
        const shopper = await awaitingOrder(app, test.db);
        const body = cardBody(number);
        await shopper.pay(body, `scan-${i}-attempt`);
        await shopper.pay(body, `scan-${i}-attempt`);
        await shopper.pay({ ...body, recaptchaToken: 'fake-recaptcha-ok' }, `scan-captcha-${i}-attempt`);
        await shopper.pay(cardBody(`${number.slice(0, 4)} ${number.slice(4)}`), `scan-bad-${i}-attempt`);
        await shopper.pay({ ...body, expiryMonth: 13 }, `scan-month-${i}-attempt`);
      }
      const tokenShopper = await awaitingOrder(app, test.db);
      const { number: _n, securityCode: _s, ...rest } = cardBody('4111111111111111');
      await tokenShopper.pay(
        { ...rest, cardToken: 'tok_test_visa', brand: 'visa', lastFour: '1111' },
        'scan-token',
      );

      const phones = await test.db.query<{ phone: string }>(
        `select phone from contacts where phone is not null
         union select regexp_replace(settings ->> 'whatsApp', '[^0-9]', '', 'g') from shops`,
      );
      const allowed = new Set(phones.flatMap((p) => [p.phone, `55${p.phone}`]));
      const columns = await test.db.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and data_type in ('text', 'jsonb', 'json', 'character varying')`,
      );
      let scanned = 0;
      for (const { table_name: table, column_name: column } of columns) {
        const rows = await test.db.query<{ v: string }>(
          `select "${column}"::text as v from "${table}" where "${column}" is not null`,
        );
        for (const { v } of rows) {
          scanned += 1;
          expect(cardNumbersIn(v, allowed), `${table}.${column}`).toEqual([]);
          expect(
            CARDS.filter((card) => v.includes(card)),
            `${table}.${column}`,
          ).toEqual([]);
          expect(SECURITY_CODE.test(v), `${table}.${column}: ${v.slice(0, 80)}`).toBe(false);
        }
      }
      expect(scanned).toBeGreaterThan(1000);

      // Log timestamps and response times are numbers, not card data.
      const log = lines.join('').replace(/"(time|responseTime)":[\d.]+/g, '');
      expect(log.length).toBeGreaterThan(1000);
      expect(cardNumbersIn(log, allowed)).toEqual([]);
      expect(log).not.toMatch(SECURITY_CODE);
      for (const number of CARDS) expect(log).not.toContain(number.slice(4));
    });
  });
}
