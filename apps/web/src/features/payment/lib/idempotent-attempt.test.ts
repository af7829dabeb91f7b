import { describe, expect, it, vi } from 'vitest';
import type { ApiCallError } from '../../../lib/api-client';
import { idempotentAttempt, MAX_AUTOMATIC_RETRIES } from './idempotent-attempt';

const failure = (httpStatus: number | null, aborted = false): ApiCallError => ({
  message: 'Falha ao finalizar pagamento',
  code: 500,
  type: 'error',
  status: 0,
  callName: 'creditPayment',
  serverErrors: [],
  httpStatus,
  aborted,
});

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('idempotent attempt', () => {
  it('retries a request that got no answer with the same key', async () => {
    const send = vi
      .fn<(key: string) => Promise<string>>()
      .mockRejectedValueOnce(failure(null))
      .mockRejectedValueOnce(failure(504))
      .mockResolvedValueOnce('paid');
    await expect(idempotentAttempt(send, { newKey: keys(), delayMs: 0 })).resolves.toBe('paid');
    expect(send.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('gives up after the automatic retries', async () => {
    const send = vi.fn<(key: string) => Promise<string>>().mockRejectedValue(failure(null));
    await expect(idempotentAttempt(send, { newKey: keys(), delayMs: 0 })).rejects.toMatchObject({
      httpStatus: null,
    });
    expect(send).toHaveBeenCalledTimes(MAX_AUTOMATIC_RETRIES + 1);
  });

  it('does not retry an answer (4xx, 500) nor an abort', async () => {
    for (const error of [failure(422), failure(500), failure(null, true)]) {
      const send = vi.fn<(key: string) => Promise<string>>().mockRejectedValue(error);
      await expect(idempotentAttempt(send, { newKey: keys(), delayMs: 0 })).rejects.toBe(error);
      expect(send).toHaveBeenCalledTimes(1);
    }
  });

  it('uses a new key for each attempt', async () => {
    const newKey = keys();
    const send = vi.fn<(key: string) => Promise<string>>().mockResolvedValue('ok');
    await idempotentAttempt(send, { newKey, delayMs: 0 });
    await idempotentAttempt(send, { newKey, delayMs: 0 });
    expect(send.mock.calls.map(([key]) => key)).toEqual(['key-1', 'key-2']);
  });
});
