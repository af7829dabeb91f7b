/**
 * A coupon's validity days are the shop's (decision 0043): 'valid until 30/11' ends at the shop's local midnight —
 * 04:00 UTC in Manaus, 02:00 UTC in Fernando de Noronha — not Brasília's 03:00.
 */
import { expect, it } from 'vitest';
import { addDays, localDay } from '@vitrine/contracts/shop-time';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { couponBodyOf } from '../../test/sales-rules-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { createPlatformSession } from '../session/service.ts';

describeEachDb('coupon validity in the shop’s time zone', (ctx) => {
  const zones = [
    ['America/Manaus', '2026-11-30T04:00:00.000Z', '2026-12-01T03:59:59.999Z'],
    ['America/Noronha', '2026-11-30T02:00:00.000Z', '2026-12-01T01:59:59.999Z'],
  ] as const;
  for (const [timeZone, from, until] of zones) {
    it(`${timeZone}: 'valid 30/11 to 30/11' is the shop's whole day; its last valid minute is 23:59 local`, async () => {
      const { app, db } = ctx();
      const slug = `cupom-${timeZone.slice(8).toLowerCase()}`;
      const { owner } = await shopWithOwner(app, slug, timeZone);
      const url = `/api/console/shops/${slug}/coupons`;
      const body = couponBodyOf('DIA30', { validFrom: '2026-11-30', validUntil: '2026-11-30' });
      const created = await asStaff(app, owner, { method: 'POST', url, payload: body });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ validFrom: '2026-11-30', validUntil: '2026-11-30' });
      const [row] = await db.query<{ from: string; until: string; last_minute: boolean; after: boolean }>(
        `select to_char(valid_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as from,
                to_char(valid_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as until,
                valid_until >= $2::timestamptz as last_minute, valid_until < $3::timestamptz as after
           from coupons where code = 'DIA30' and shop_id = (select id from shops where slug = $1)`,
        [
          slug,
          new Date(Date.parse(until) - 59_999).toISOString(),
          new Date(Date.parse(until) + 1).toISOString(),
        ],
      );
      expect(row).toEqual({ from, until, last_minute: true, after: true });
      const listed = await asStaff(app, owner, { url });
      expect(listed.json().data.coupons[0]).toMatchObject({
        validFrom: '2026-11-30',
        validUntil: '2026-11-30',
      });
    });
  }

  it('at checkout (now): valid until the shop’s today applies, until its yesterday has expired, from its tomorrow has not started', async () => {
    const { app, db } = ctx();
    const timeZone = 'America/Manaus';
    const { owner, shop } = await shopWithOwner(app, 'cupom-hoje', timeZone);
    const today = localDay(new Date(), timeZone);
    const url = '/api/console/shops/cupom-hoje/coupons';
    for (const body of [
      couponBodyOf('HOJE', { validUntil: today }),
      couponBodyOf('ONTEM', { validUntil: addDays(today, -1) }),
      couponBodyOf('AMANHA', { validFrom: addDays(today, 1) }),
    ])
      expect((await asStaff(app, owner, { method: 'POST', url, payload: body })).statusCode).toBe(201);
    await db.query(`update shops set settings = settings || '{"canUseCoupon": true}' where id = $1`, [
      shop.id,
    ]);
    app.forgetShop(shop.id);
    const session = await createPlatformSession(db, 60_000, {
      shop: 'cupom-hoje',
      sessionType: 'agent',
      channelType: 'whatsapp',
      contact: { name: 'Cliente', phone: '5592955550101' },
    });
    const apply = (code: string) =>
      app.inject({
        method: 'POST',
        url: `/api/order/coupon/?coupon=${code}`,
        headers: { authorization: `Bearer ${session.code}` },
      });
    expect((await apply('HOJE')).statusCode).toBe(200);
    expect(expectRefusal(await apply('ONTEM'), 422).code).toBe('couponExpired');
    expect(expectRefusal(await apply('AMANHA'), 422).code).toBe('couponNotStarted');
  });
});
