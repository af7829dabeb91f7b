/**
 * Staff e-mail over a Resend-compatible API (issue 33, item 7): each outbox row sends one `Idempotency-Key`, the
 * same on every retry of that row, so an answer lost after Resend accepted the e-mail never sends it twice
 * (https://resend.com/docs/api-reference/emails/send-email, header `Idempotency-Key`).
 */
import { afterAll, expect, it } from 'vitest';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { startFakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { httpMailer } from '../../adapters/email/http-mailer.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { staffEmailJobs } from './staff-email.ts';

const resend = await startFakeHttpServer();
afterAll(() => resend.close());

describeEachDb('staff e-mail: one Idempotency-Key per outbox row', (ctx) => {
  it('a retried invitation e-mail repeats its key; another e-mail has another key', async () => {
    const { app, db } = ctx();
    const { owner } = await shopWithOwner(app, 'mercado-e');
    const invite = (email: string) =>
      asStaff(app, owner, {
        method: 'POST',
        url: '/api/console/shops/mercado-e/team/invitations',
        payload: { email, role: 'agent' },
      });
    expect((await invite('ze@mercado-e.example')).statusCode).toBe(201);
    const mailer = httpMailer(resend.url, 're_test_key_123', 'Vitrine <nao-responda@mercado-e.example>');
    const jobs = staffEmailJobs(db, app.config, mailer);
    const drain = () => drainOutbox(db, fakeRegistry(), { retryBaseMs: 0, jobs });
    resend.requests.length = 0;
    resend.respond({ status: 500, body: { message: 'internal' } }, { status: 200, body: { id: 'em_1' } });
    await drain();
    await drain();
    expect((await invite('bia@mercado-e.example')).statusCode).toBe(201);
    resend.respond({ status: 200, body: { id: 'em_2' } });
    await drain();

    const sent = resend.requests.map((r) => ({
      to: (r.json as { to: string[] }).to[0],
      key: r.headers['idempotency-key'],
    }));
    const [row] = await db.query<{ id: string }>(
      `select id from outbox where type = 'staff.invitation-email' order by created_at limit 1`,
    );
    expect(sent).toEqual([
      { to: 'ze@mercado-e.example', key: `vitrine-outbox-${row!.id}` },
      { to: 'ze@mercado-e.example', key: `vitrine-outbox-${row!.id}` },
      { to: 'bia@mercado-e.example', key: expect.stringMatching(/^vitrine-outbox-/) },
    ]);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });
});
