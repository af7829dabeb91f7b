import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../channels/fake-http-server.ts';
import { ChannelError } from '../channels/channel-adapter.ts';
import { httpMailer } from './http-mailer.ts';
import { mailerFor } from './mailer.ts';
import { readFakeMailbox } from './fake-mailbox.ts';

let server: FakeHttpServer;
beforeAll(async () => {
  server = await startFakeHttpServer();
});
afterAll(() => server.close());

const mail = { to: 'ana@loja.example', subject: 'Convite', text: 'Olá', html: '<p>Olá</p>' };

it('posts the e-mail as JSON with the bearer key and answers the provider id', async () => {
  server.respond({ status: 200, body: { id: 'em_123' } });
  const sent = await httpMailer(server.url, 'chave-do-email-123', 'Vitrine <nao-responda@loja.example>').send(
    mail,
  );
  expect(sent).toEqual({ id: 'em_123' });
  const [request] = server.requests.slice(-1);
  expect(request).toMatchObject({ method: 'POST', path: '/emails' });
  expect(request!.headers.authorization).toBe('Bearer chave-do-email-123');
  expect(request!.json).toEqual({
    from: 'Vitrine <nao-responda@loja.example>',
    to: ['ana@loja.example'],
    subject: 'Convite',
    text: 'Olá',
    html: '<p>Olá</p>',
  });
});

it('a refusal is final (4xx) or retried (429, 5xx), without the key in the message', async () => {
  const mailer = httpMailer(server.url, 'chave-do-email-123', 'x@loja.example');
  server.respond({ status: 422, body: { message: 'invalid to' } });
  const refused = await mailer.send(mail).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ChannelError);
  expect((refused as ChannelError).retryable).toBe(false);
  expect((refused as Error).message).not.toContain('chave');
  server.respond({ status: 503, body: {} });
  expect(((await mailer.send(mail).catch((error: unknown) => error)) as ChannelError).retryable).toBe(true);
});

it('demo mode keeps mails in the fake mailbox; without an e-mail API production refuses to send', async () => {
  await mailerFor({ provider: 'fake', apiUrl: null, apiKey: null, from: 'x' }).send({
    ...mail,
    to: 'Bia@Loja.example',
  });
  expect(readFakeMailbox('bia@loja.example')[0]).toMatchObject({ subject: 'Convite' });
  await expect(
    mailerFor({ provider: 'none', apiUrl: null, apiKey: null, from: 'x' }).send(mail),
  ).rejects.toThrow(/não configurado/);
});
