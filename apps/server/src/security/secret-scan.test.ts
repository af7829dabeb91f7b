import { describe, expect, it } from 'vitest';
import { findSecrets } from './secret-scan.ts';

const whats = (text: string, known: string[] = [], shapes = true) =>
  findSecrets('t', text, known, shapes).map((f) => f.what);

describe('secret scan', () => {
  it('finds card numbers in clear (sandbox cards and any Luhn-valid number), grouped or not', () => {
    expect(whats('{"number":"4111111111111111"}')).toEqual(['card number']);
    expect(whats('cartão 5555 5555 5555 4444 recusado')).toEqual(['card number']);
    expect(whats('amex 3782-822463-10005')).toEqual(['card number']);
    expect(whats('4539578763621486')).toEqual(['card number']); // Luhn-valid, not a test card
  });

  it('leaves phones, ids, amounts, boleto lines and CPFs alone', () => {
    expect(whats('{"phone":"5511999990001","id":"ord_01m85277ax6nk3b6tcdefbvd5z","total":4111.11}')).toEqual(
      [],
    );
    expect(whats('34191.79001 01043.510047 91020.150008 1 10010000006990')).toEqual([]);
    expect(whats('{"document":"52998224725","time":1795471153269}')).toEqual([]);
    expect(whats('{"whatsApp":"5521998765432"}')).toEqual([]); // a phone that happens to pass Luhn
    // A message id whose UUID opens with digit groups that happen to pass Luhn (the e2e outbox, stop 47's run).
    expect(whats('"provider_message_id":"fake_40889472-1740-4507-b9db-48eb9048beb0"')).toEqual([]);
    expect(whats('40889472-1740-4507-9123-480000000000')).toEqual([]);
    // A Pix code holds long digit runs between its letters.
    expect(whats('0014br.gov.bcb.pix0114+55119999900015204000053039865406499.905802BR5913Loja')).toEqual([]);
  });

  it('finds security codes beside their names, not redacted ones', () => {
    expect(whats('{"securityCode":"739"}')).toEqual(['security code']);
    expect(whats('cvv=1234')).toEqual(['security code']);
    expect(whats('{"securityCode":"[REDACTED]"}')).toEqual([]);
  });

  it('finds known secrets, bearer codes, session paths and link hashes; not redacted ones', () => {
    expect(whats('key e2e-platform-key-0123456789 here', ['e2e-platform-key-0123456789'])).toEqual([
      'known secret',
    ]);
    expect(whats('authorization: Bearer abcdefghijklmnopqrstuvwxyz012345')).toEqual(['session code']);
    expect(whats('"url":"/api/session/[REDACTED]"')).toEqual([]);
    expect(whats('"url":"/api/session/abcdefghijklmnopqrstuvwxyz0123456789"')).toEqual(['session code']);
    expect(whats('/catalog#vZ8Dxkq3v9pQm2sLr7tYw4nB6cE1fH0jK5gA3uIoP9x')).toEqual(['session code']);
    expect(whats('/catalog#vZ8Dxkq3v9pQm2sLr7tYw4nB6cE1fH0jK5gA3uIoP9x', [], false)).toEqual([]);
  });
});
