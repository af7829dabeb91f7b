import { expect, it } from 'vitest';
import { buildPixBrCode, parsePixTlv, verifyPixBrCode } from '@vitrine/contracts/pix';
import type { Charge } from '@vitrine/contracts/payment';
import { fakeRegistry, type FakeDelivery } from '../../adapters/channels/fake-channel.ts';
import type { OutboundMessage } from '../../adapters/channels/channel-adapter.ts';
import { DEFAULT_PAYMENT_METHODS } from '@vitrine/contracts/console-payment-methods';
import { seedCheckoutSuite } from '../checkout/checkout-test-kit.ts';
import { saveShopPaymentMethods } from '../shop/payment-methods.ts';
import type { OrderRow } from '../order/repository.ts';
import { hashToken, resolveSession } from '../session/service.ts';
import { drainOutbox } from '../outbox/worker.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { readyAgentOrder } from '../../flows/checkout/agent-confirm-test-kit.ts';
import { enqueuePaymentMessage } from './payment-message.ts';
import { documentUrlSigner } from '../../lib/signed-url.ts';

const HEADER = '*Pedido confirmado — Hortifruti Bom Preço*';
const TOTAL = 'R$\u00a069,90'; // 3 × R$ 20,00 + R$ 9,90 delivery

describeEachDb(
  'payment message after agent confirmation',
  (ctx) => {
    let phones = 0;
    const links = () => ({
      publicUrl: 'http://vitrine.test',
      sessionTtlMs: ctx().config.sessionTtlMs,
      signDocument: documentUrlSigner(ctx().config),
    });

    /** An agent session for a new contact with a R$ 69,90 order ready to confirm, paid with `method`. */
    const readyOrder = (method: number, payment?: object) =>
      readyAgentOrder(ctx().app, `55119777${String(++phones).padStart(5, '0')}`, method, payment);

    async function confirm(method: number, options: { payment?: object; body?: object } = {}) {
      const s = await readyOrder(method, options.payment);
      const order = await s.okCall('POST', '/api/order/confirm', options.body ?? {});
      expect(order.status).toBe(1);
      return { ...s, orderId: order.id };
    }

    /** Delivers every queued row and answers the parts `phone` received. */
    async function received(phone: string): Promise<OutboundMessage['part'][]> {
      const registry = fakeRegistry();
      await drainOutbox(ctx().db, registry, { retryBaseMs: 0, links: links() });
      return registry.delivered
        .filter((d): d is Extract<FakeDelivery, { kind: 'message' }> => d.kind === 'message')
        .filter((d) => d.message.recipient === phone)
        .map((d) => d.message.part);
    }

    async function paymentRows(orderId: string) {
      return ctx().db.query<{ payload: { recipient: string }; dedupe_key: string }>(
        "select payload, dedupe_key from outbox where order_id = $1 and type = 'payment'",
        [orderId],
      );
    }

    it('pay on delivery: the mean, the change for the cash amount and the total', async () => {
      const cash = await confirm(5, { payment: { providerId: 'cash', cashAmount: 100 } });
      expect(await received(cash.phone)).toEqual([
        {
          text: `${HEADER}\nPagamento na entrega: Dinheiro (troco para R$\u00a0100,00)\nTotal: *${TOTAL}*`,
        },
      ]);
      const card = await confirm(5, { payment: { providerId: 'debit-on-delivery' } });
      expect(await received(card.phone)).toEqual([
        { text: `${HEADER}\nPagamento na entrega: Débito na entrega\nTotal: *${TOTAL}*` },
      ]);
    });

    it("Pix: intro, the shop's BR Code alone, then its QR image served as PNG", async () => {
      const { app } = ctx();
      const pix = await confirm(3);
      const parts = await received(pix.phone);
      expect(parts).toHaveLength(3);
      expect(parts[0]).toEqual({
        text:
          `${HEADER}\nPague *${TOTAL}* com Pix: copie o código da próxima mensagem e cole no app do seu banco ` +
          '(Pix copia e cola) ou leia o QR Code.',
      });
      const code = parts[1]!.text;
      expect(parts[1]).toEqual({ text: code });
      expect(verifyPixBrCode(code)).toBe(true);
      expect(parsePixTlv(code)['54']).toBe('69.90');
      expect(parsePixTlv(code)['26']).toContain('123e4567-e12b-12d1-a456-426655440000');
      expect(parts[2]).toMatchObject({ text: `QR Code Pix — ${TOTAL}` });
      // The image link is signed (lib/signed-url.ts): the code alone does not open it.
      const image = parts[2]!.imageUrl ?? '';
      const path = `/api/pix/qr.png?code=${encodeURIComponent(code)}`;
      expect(image.startsWith(`http://vitrine.test${path}&exp=`)).toBe(true);
      expect(image).toMatch(/&exp=\d+&sig=[\w-]{43}$/);
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
      const png = await app.inject({ method: 'GET', url: image.slice('http://vitrine.test'.length) });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      const altered = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
      const bad = await app.inject({
        method: 'GET',
        url: documentUrlSigner(ctx().config)(`/api/pix/qr.png?code=${encodeURIComponent(altered)}`),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].message).toBe('Código Pix inválido.');
    });

    it('link and custom methods: what the agent typed, with the total', async () => {
      const link = await confirm(6, { body: { manualPaymentInformation: 'https://pag.test/abc' } });
      expect(await received(link.phone)).toEqual([
        {
          text: `${HEADER}\nTotal: *${TOTAL}*\nPague pelo link abaixo.`,
          button: { label: 'Pagar agora', url: 'https://pag.test/abc' },
        },
      ]);
      const { shopId } = (await resolveSession(ctx().db, link.code))!;
      // The custom method (7) is offered only while the shop has it on (console 'Pagamentos › Formas de pagamento').
      await ctx().db.transaction((tx) =>
        saveShopPaymentMethods(tx, shopId, {
          ...DEFAULT_PAYMENT_METHODS,
          custom: true,
          customName: 'Depósito',
        }),
      );
      const custom = await confirm(7, {
        body: { manualPaymentInformation: 'Transferência para a conta 123-4' },
      });
      expect(await received(custom.phone)).toEqual([
        { text: `${HEADER}\nTotal: *${TOTAL}*\n\nComo pagar:\nTransferência para a conta 123-4` },
      ]);
    });

    it('card: a link to the payment page with a NEW session of the same contact, code never stored', async () => {
      const { app, db } = ctx();
      const card = await confirm(0);
      const [row] = await db.query<{ payload: object }>(
        "select payload from outbox where order_id = $1 and type = 'payment'",
        [card.orderId],
      );
      expect(row?.payload).toMatchObject({
        sessionLinkPart: 0,
        parts: [{ button: { label: 'Pagar com cartão', url: '/order/payment' } }],
      });
      const parts = await received(card.phone);
      expect(parts).toHaveLength(1);
      expect(parts[0]!.text).toBe(
        `${HEADER}\nPague *${TOTAL}* com cartão de crédito pelo link seguro abaixo.`,
      );
      const url = parts[0]!.button?.url ?? '';
      const code = /^http:\/\/vitrine\.test\/order\/payment#([A-Za-z0-9_-]{40,})$/.exec(url)?.[1] ?? '';
      expect(code).not.toBe('');
      expect(code).not.toBe(card.code);
      const opened = await app.inject({ method: 'GET', url: `/api/session/${code}` });
      expect(opened.statusCode).toBe(200);
      const agentView = await app.inject({ method: 'GET', url: `/api/session/${card.code}` });
      expect(opened.json().data.userShop.id).toBe(agentView.json().data.userShop.id);
      expect(opened.json().data.sessionType).toBe(0);
      const minted = await resolveSession(db, code);
      expect(minted).toMatchObject({ sessionType: 0, channelType: 1, channelId: card.phone, agentId: null });
      const [stored] = await db.query<{ plain: number; hashed: number }>(
        `select (select count(*) from outbox where payload::text like '%' || $1 || '%')::int as plain,
                (select count(*) from sessions where token_hash = $2)::int as hashed`,
        [code, hashToken(code)],
      );
      expect(stored).toEqual({ plain: 0, hashed: 1 });

      // The demo inbox shows the link as the contact gets it: its own session, minted once per message.
      const inboxButton = async () => {
        const res = await app.inject({ method: 'GET', url: '/api/dev/inbox' });
        const conversation = (
          res.json() as {
            data: {
              conversations: { recipient: string; messages: { parts: { button?: { url: string } }[] }[] }[];
            };
          }
        ).data.conversations.find((c) => c.recipient === card.phone);
        return conversation?.messages.at(-1)?.parts[0]?.button?.url ?? '';
      };
      const shown = await inboxButton();
      const inboxCode = /^\/order\/payment#([A-Za-z0-9_-]{40,})$/.exec(shown)?.[1] ?? '';
      expect(inboxCode).not.toBe('');
      expect(await inboxButton()).toBe(shown);
      const fromInbox = await app.inject({ method: 'GET', url: `/api/session/${inboxCode}` });
      expect(fromInbox.json().data.userShop.id).toBe(agentView.json().data.userShop.id);
    });

    it('a retried confirm queues one message; a repeat of the same message answers the first row', async () => {
      const { db } = ctx();
      const s = await confirm(5, { payment: { providerId: 'pix-on-delivery' } });
      const again = await s.okCall('POST', '/api/order/confirm', {});
      expect(again.id).toBe(s.orderId);
      const rows = await paymentRows(s.orderId);
      expect(rows.map((r) => r.dedupe_key)).toEqual([`payment:${s.orderId}`]);
      const context = (await resolveSession(db, s.code))!;
      const repeat = await db.transaction(async (tx) => {
        const [order] = await tx.query<OrderRow>('select * from orders where id = $1', [s.orderId]);
        return enqueuePaymentMessage(tx, order!, context);
      });
      expect(repeat).toMatchObject({ duplicate: true });
      expect(await paymentRows(s.orderId)).toHaveLength(1);
      expect(await received(s.phone)).toHaveLength(1);
    });

    it('gateway charges: Pix and boleto sent by the payment module with their expiry', async () => {
      const { db } = ctx();
      await db.query(
        `update shops set settings = jsonb_set(settings, '{payment,usingExternalGateway}', 'true')
          where slug = 'hortifruti'`,
      );
      try {
        const s = await confirm(3);
        expect(await paymentRows(s.orderId)).toEqual([]);
        const context = (await resolveSession(db, s.code))!;
        const charge: Charge = {
          paymentId: 'pay_1',
          method: 3,
          status: 0,
          amount: 69.9,
          pixCopyPaste: buildPixBrCode({
            key: 'pix@gateway.test',
            merchantName: 'Gateway Pagamentos',
            city: 'Sao Paulo',
            amountCents: 6990,
            txid: 'pay1',
          }),
          pixQrImage: 'data:image/png;base64,AAAA',
          boletoLine: null,
          boletoUrl: null,
          expiresAt: '2026-01-15T17:30:00.000Z',
        };
        const boleto: Charge = {
          ...charge,
          paymentId: 'pay_2',
          method: 1,
          pixCopyPaste: null,
          pixQrImage: null,
          boletoLine: '34191.79001 01043.510047 91020.150008 1 12340000006990',
          boletoUrl: 'https://gateway.test/boleto/pay_2.pdf',
          expiresAt: '2026-01-18T02:59:00.000Z',
        };
        await db.transaction(async (tx) => {
          const [order] = await tx.query<OrderRow>('select * from orders where id = $1', [s.orderId]);
          await enqueuePaymentMessage(tx, order!, context, charge);
          await enqueuePaymentMessage(tx, order!, context, boleto);
        });
        const parts = await received(s.phone);
        expect(parts.map((p) => p.text)).toEqual([
          `${HEADER}\nPague *${TOTAL}* com Pix: copie o código da próxima mensagem e cole no app do seu banco ` +
            '(Pix copia e cola) ou leia o QR Code.\nVálido até 15/01/2026 às 14:30.',
          charge.pixCopyPaste,
          `QR Code Pix — ${TOTAL}`,
          `${HEADER}\nPague *${TOTAL}* com boleto: copie a linha digitável da próxima mensagem no app do seu ` +
            'banco ou abra o boleto pelo botão.\nVencimento: 17/01/2026 às 23:59.',
          boleto.boletoLine,
        ]);
        expect(parts[3]!.button).toEqual({ label: 'Ver boleto', url: boleto.boletoUrl });
      } finally {
        await db.query(
          `update shops set settings = jsonb_set(settings, '{payment,usingExternalGateway}', 'false')
            where slug = 'hortifruti'`,
        );
      }
    });

    it("a contact never receives another contact's payment message", async () => {
      const a = await confirm(0);
      const b = await confirm(5, { payment: { providerId: 'cash', cashAmount: 80 } });
      for (const s of [a, b]) {
        const rows = await paymentRows(s.orderId);
        expect(rows.map((r) => r.payload.recipient)).toEqual([s.phone]);
      }
      const registry = fakeRegistry();
      await drainOutbox(ctx().db, registry, { retryBaseMs: 0, links: links() });
      const to = (phone: string) =>
        registry.delivered.flatMap((d) =>
          d.kind === 'message' && d.message.recipient === phone ? [d.message] : [],
        );
      expect(to(a.phone).map((m) => m.part.text)).toEqual([
        `${HEADER}\nPague *${TOTAL}* com cartão de crédito pelo link seguro abaixo.`,
      ]);
      expect(to(b.phone).map((m) => m.part.text)).toEqual([
        `${HEADER}\nPagamento na entrega: Dinheiro (troco para R$\u00a080,00)\nTotal: *${TOTAL}*`,
      ]);
      const code = to(a.phone)[0]!.part.button!.url.split('#')[1]!;
      expect((await resolveSession(ctx().db, code))?.channelId).toBe(a.phone);
    });
  },
  { setup: seedCheckoutSuite },
);
