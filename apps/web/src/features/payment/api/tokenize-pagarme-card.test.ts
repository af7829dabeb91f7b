import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenizePagarmeCard } from './tokenize-pagarme-card';

const card = { number: '4111111111111111', holderName: 'MARIA SILVA', expMonth: 12, expYear: 30, cvv: '123' };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('Pagar.me browser tokenisation', () => {
  it('posts the card to Pagar.me with the public key and keeps only token, brand and last four', async () => {
    const fetchMock = answer(200, {
      id: 'token_abc123',
      type: 'card',
      card: { first_six_digits: '411111', last_four_digits: '1111', brand: 'Visa' },
    });
    await expect(tokenizePagarmeCard('pk_test_1', card)).resolves.toEqual({
      cardToken: 'token_abc123',
      brand: 'Visa',
      lastFour: '1111',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.pagar.me/core/v5/tokens?appId=pk_test_1');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      type: 'card',
      card: {
        number: '4111111111111111',
        holder_name: 'MARIA SILVA',
        exp_month: 12,
        exp_year: 30,
        cvv: '123',
      },
    });
  });

  it('answers null when Pagar.me refuses the card data', async () => {
    answer(422, { message: 'The request is invalid.', errors: { 'card.number': ['invalid'] } });
    await expect(tokenizePagarmeCard('pk_test_1', card)).resolves.toBeNull();
  });

  it('fails like our own calls when Pagar.me is down or unreachable', async () => {
    answer(503, {});
    await expect(tokenizePagarmeCard('pk_test_1', card)).rejects.toMatchObject({
      message: 'Falha ao finalizar pagamento',
      httpStatus: 503,
    });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('network')));
    await expect(tokenizePagarmeCard('pk_test_1', card)).rejects.toMatchObject({ httpStatus: null });
  });
});
