import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChannelError } from './channel-adapter.ts';
import { startFakeHttpServer, type FakeHttpServer } from './fake-http-server.ts';
import { MetaSendApiAdapter } from './meta-send-api.ts';
import { ChatbotWebhook } from './webchat-webhook.ts';
import { EVENT_ID_HEADER, verifySignature } from './webhook-signature.ts';
import { WhatsAppCloudAdapter, whatsAppBody } from './whatsapp-cloud.ts';
import { guardedFetch } from '../public-address.ts';

/** The test server is on 127.0.0.1: the webhook's fetch as in demo mode (private addresses allowed). */
const demoFetch = guardedFetch({ allowPrivate: true });

let server: FakeHttpServer;
beforeAll(async () => {
  server = await startFakeHttpServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const WA_OK = {
  status: 200,
  body: {
    messaging_product: 'whatsapp',
    contacts: [{ input: '5511999990001', wa_id: '5511999990001' }],
    messages: [{ id: 'wamid.HBgN' }],
  },
};
const graphFailure = (status: number, code: number) => ({
  status,
  body: { error: { message: 'falhou', type: 'OAuthException', code, fbtrace_id: 'Ax' } },
});
const part = {
  text: '*Banana Prata*\nR$ 5,99',
  imageUrl: 'https://loja.test/banana.png',
  button: { label: 'Ver produto', url: 'https://loja.test/product/P1#code' },
};

async function failure(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

describe('WhatsApp Cloud API adapter', () => {
  const adapter = () =>
    new WhatsAppCloudAdapter({ phoneNumberId: '1098765', accessToken: 'EAAG-token' }, server.url, 'v23.0');

  it('posts an interactive cta_url with image header to /{version}/{phone-number-id}/messages with the bearer token', async () => {
    server.respond(WA_OK);
    const receipt = await adapter().send({ recipient: '55 11 99999-0001', part, dedupeId: 'obx_1:0' });
    expect(receipt.providerMessageId).toBe('wamid.HBgN');
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v23.0/1098765/messages');
    expect(request?.headers.authorization).toBe('Bearer EAAG-token');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511999990001',
      biz_opaque_callback_data: 'obx_1:0',
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        header: { type: 'image', image: { link: 'https://loja.test/banana.png' } },
        body: { text: part.text },
        action: { name: 'cta_url', parameters: { display_text: 'Ver produto', url: part.button.url } },
      },
    });
  });

  it('sends a link that unfurls (product details, catalogue) as text with the link and preview_url: true', async () => {
    server.respond(WA_OK);
    await adapter().send({ recipient: '5511', part: { ...part, linkPreview: true }, dedupeId: 'd1' });
    expect(server.requests[0]?.json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511',
      biz_opaque_callback_data: 'd1',
      type: 'text',
      text: { preview_url: true, body: `${part.text}\n\nVer produto: ${part.button.url}` },
    });
    // However long the text, the link stays whole at its end.
    const long = whatsAppBody('5511', { ...part, text: 'x'.repeat(5000), linkPreview: true }, 'd2');
    const body = (long.text as { body: string }).body;
    expect(body.length).toBeLessThanOrEqual(4096);
    expect(body.endsWith(`Ver produto: ${part.button.url}`)).toBe(true);
  });

  it('sends plain text and image messages', async () => {
    server.respond(WA_OK);
    await adapter().send({ recipient: '5511', part: { text: 'Olá' }, dedupeId: 'd1' });
    await adapter().send({
      recipient: '5511',
      part: { text: 'Foto', imageUrl: 'https://x.test/a.png' },
      dedupeId: 'd2',
    });
    expect(server.requests[0]?.json).toMatchObject({
      type: 'text',
      text: { preview_url: true, body: 'Olá' },
    });
    expect(server.requests[1]?.json).toMatchObject({
      type: 'image',
      image: { link: 'https://x.test/a.png', caption: 'Foto' },
    });
  });

  it('classifies errors: 400 invalid parameter is permanent, 429 / throttling code and 5xx are retryable', async () => {
    server.respond(graphFailure(400, 100));
    expect((await failure(adapter().send({ recipient: '5511', part, dedupeId: 'x' }))).retryable).toBe(false);
    server.respond(graphFailure(429, 130429));
    expect((await failure(adapter().send({ recipient: '5511', part, dedupeId: 'x' }))).retryable).toBe(true);
    server.respond(graphFailure(503, 2));
    const error = await failure(adapter().send({ recipient: '5511', part, dedupeId: 'x' }));
    expect(error.retryable).toBe(true);
    expect(error.message).not.toContain('EAAG-token');
  });
});

describe('Messenger Send API and Instagram Messaging API adapters', () => {
  it('Messenger posts recipient.id, messaging_type RESPONSE and a generic template to /{version}/me/messages', async () => {
    server.respond({ status: 200, body: { recipient_id: '2468', message_id: 'm_AG5Hz2U' } });
    const adapter = new MetaSendApiAdapter('messenger', { accessToken: 'PAGE-token' }, server.url, 'v23.0');
    expect((await adapter.send({ recipient: '2468', part, dedupeId: 'obx_2:0' })).providerMessageId).toBe(
      'm_AG5Hz2U',
    );
    const [request] = server.requests;
    expect(request?.path).toBe('/v23.0/me/messages');
    expect(request?.headers.authorization).toBe('Bearer PAGE-token');
    expect(request?.json).toEqual({
      recipient: { id: '2468' },
      messaging_type: 'RESPONSE',
      message: {
        metadata: 'obx_2:0',
        attachment: {
          type: 'template',
          payload: {
            template_type: 'generic',
            elements: [
              {
                title: '*Banana Prata*',
                subtitle: 'R$ 5,99',
                image_url: part.imageUrl,
                buttons: [{ type: 'web_url', url: part.button.url, title: 'Ver produto' }],
              },
            ],
          },
        },
      },
    });
  });

  it('Instagram sends text with the link and maps errors', async () => {
    server.respond({ status: 200, body: { recipient_id: '1357', message_id: 'aWdf' } });
    const adapter = new MetaSendApiAdapter('instagram', { accessToken: 'IG-token' }, server.url, 'v23.0');
    await adapter.send({
      recipient: '1357',
      part: { text: 'Catálogo', button: { label: 'Ver catálogo', url: 'https://l.test/c' } },
      dedupeId: 'x',
    });
    expect(server.requests[0]?.json).toEqual({
      recipient: { id: '1357' },
      messaging_type: 'RESPONSE',
      message: { text: 'Catálogo\n\nVer catálogo: https://l.test/c' },
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer IG-token');
    server.respond(graphFailure(400, 190));
    expect(
      (await failure(adapter.send({ recipient: '1357', part: { text: 'a' }, dedupeId: 'x' }))).retryable,
    ).toBe(false);
    server.respond(graphFailure(400, 613));
    expect(
      (await failure(adapter.send({ recipient: '1357', part: { text: 'a' }, dedupeId: 'x' }))).retryable,
    ).toBe(true);
  });
});

describe('WebChat / chatbot webhook', () => {
  const secret = 'whsec_test_0123456789';
  const hook = () => new ChatbotWebhook({ url: `${server.url}/hooks/vitrine`, secret }, demoFetch);

  it('signs messages and events with HMAC-SHA256 over `timestamp.body` and a stable event id', async () => {
    server.respond({ status: 200, body: { ok: true } });
    await hook().send({ recipient: 'anon-1', part: { text: 'Olá' }, dedupeId: 'obx_9:0' });
    const event = {
      id: 'obx_ev1',
      type: 'order.confirmed',
      occurredAt: '2026-01-01T00:00:00.000Z',
      shop: { id: 'shp_1' },
      data: { order: { id: 'ord_1' } },
    };
    server.respond({ status: 500, body: {} }, { status: 200, body: { id: 'bot-77' } });
    const error = await failure(hook().deliver(event));
    expect(error.retryable).toBe(true);
    expect((await hook().deliver(event)).providerMessageId).toBe('bot-77');

    const [message, attempt1, attempt2] = server.requests;
    expect(message?.path).toBe('/hooks/vitrine');
    expect(message?.json).toEqual({
      type: 'message',
      id: 'obx_9:0',
      recipient: 'anon-1',
      message: { text: 'Olá' },
    });
    for (const request of [message!, attempt1!, attempt2!]) {
      expect(verifySignature(secret, request.headers, request.raw)).toBe(true);
      expect(verifySignature('other-secret', request.headers, request.raw)).toBe(false);
      expect(verifySignature(secret, request.headers, request.raw.replace('}', ',"x":1}'))).toBe(false);
    }
    // A replayed (retried) event carries the same dedupe id.
    expect(attempt1?.headers[EVENT_ID_HEADER]).toBe('obx_ev1');
    expect(attempt2?.headers[EVENT_ID_HEADER]).toBe('obx_ev1');
    expect(attempt2?.json).toMatchObject({
      type: 'event',
      id: 'obx_ev1',
      event: 'order.confirmed',
      data: { order: { id: 'ord_1' } },
    });
    // Old timestamps are refused by the receiver.
    expect(verifySignature(secret, attempt2!.headers, attempt2!.raw, { now: Date.now() + 10 * 60_000 })).toBe(
      false,
    );
  });

  it('treats 4xx as permanent and network failures as retryable', async () => {
    server.respond({ status: 404, body: {} });
    expect(
      (await failure(hook().send({ recipient: 'a', part: { text: 'x' }, dedupeId: 'd' }))).retryable,
    ).toBe(false);
    const down = new ChatbotWebhook({ url: 'http://127.0.0.1:1/none', secret }, demoFetch);
    expect((await failure(down.send({ recipient: 'a', part: { text: 'x' }, dedupeId: 'd' }))).retryable).toBe(
      true,
    );
  });
});
