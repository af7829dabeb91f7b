/**
 * Pix "copia e cola" (BR Code): the EMV® QRCPS merchant-presented payload of the central bank's manual
 * (Manual de Padrões para Iniciação do Pix). Pure functions, shared by server and web.
 *
 * Layout: `00`=01, `26`{`00`=br.gov.bcb.pix, `01`=key}, `52`=0000, `53`=986, `54`=amount (optional),
 * `58`=BR, `59`=merchant name (≤25), `60`=city (≤15), `62`{`05`=txid}, then `6304` + CRC-16/CCITT-FALSE
 * (poly 0x1021, init 0xFFFF, no reflection, no final xor) over everything before it, 4 upper-case hex digits.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;
export const PIX_TXID_MAX = 25;
/** `26` holds at most 99 characters: GUI TLV (18) + key TLV header (4) leaves 77 for the key. */
export const PIX_KEY_MAX = 77;

export type BrCodeInput = {
  /** Pix key: CPF/CNPJ digits, e-mail, +55 phone or random key (EVP). */
  key: string;
  merchantName: string;
  city: string;
  /** Amount in centavos; null or 0 leaves it for the payer to type. */
  amountCents?: number | null;
  /** Transaction id, letters and digits only (others removed), ≤25; `***` when absent. */
  txid?: string | null;
};

/** CRC-16/CCITT-FALSE of the UTF-8 bytes of `data`, as 4 upper-case hex digits. */
export function crc16CcittFalse(data: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(data)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Accents stripped, only printable ASCII kept, spaces collapsed, then cut to `max` characters. */
export function pixText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`Campo ${id} do BR Code excede 99 caracteres`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Centavos as the EMV amount: digits, a dot and two decimals (`1234` → `12.34`). */
export function pixAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError('Valor do Pix inválido');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The txid the payload carries: letters and digits only, ≤25, `***` when nothing is left. */
export function pixTxid(txid: string | null | undefined): string {
  const clean = (txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, PIX_TXID_MAX);
  return clean || '***';
}

/** Builds the BR Code; throws RangeError when the key is empty or too long, or name/city end up empty. */
export function buildPixBrCode(input: BrCodeInput): string {
  const key = input.key.trim();
  if (!key || key.length > PIX_KEY_MAX) throw new RangeError('Chave Pix inválida');
  const name = pixText(input.merchantName, PIX_NAME_MAX);
  const city = pixText(input.city, PIX_CITY_MAX);
  if (!name || !city) throw new RangeError('Nome e cidade do recebedor são obrigatórios');
  const amount = input.amountCents ? tlv('54', pixAmount(input.amountCents)) : '';
  const body =
    tlv('00', '01') +
    tlv('26', tlv('00', PIX_GUI) + tlv('01', key)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    amount +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', pixTxid(input.txid))) +
    '6304';
  return body + crc16CcittFalse(body);
}

/**
 * The dynamic BR Code of a charge the shop's bank issued (API Pix `location`): point of initiation 12, the
 * location's URL (without `https://`) in tag 25 of 26, txid `***` (the payload at the URL carries it).
 */
export function buildDynamicPixBrCode(input: {
  location: string;
  merchantName: string;
  city: string;
}): string {
  const url = input.location.replace(/^https:\/\//, '');
  if (!url || url.length > 77) throw new RangeError('Location do Pix inválida');
  const name = pixText(input.merchantName, PIX_NAME_MAX);
  const city = pixText(input.city, PIX_CITY_MAX);
  if (!name || !city) throw new RangeError('Nome e cidade do recebedor são obrigatórios');
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', PIX_GUI) + tlv('25', url)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16CcittFalse(body);
}

/** True when the code ends in `6304` + the CRC of everything before the CRC digits. */
export function verifyPixBrCode(code: string): boolean {
  if (!/6304[0-9A-F]{4}$/.test(code)) return false;
  return crc16CcittFalse(code.slice(0, -4)) === code.slice(-4);
}

/** The top-level TLV fields of a payload (`{ '00': '01', '26': '0014br…', … }`); throws on a malformed one. */
export function parsePixTlv(code: string): Record<string, string> {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > code.length)
      throw new RangeError('BR Code malformado');
    fields[id] = code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return fields;
}

/** Public path of the PNG QR of a Pix "copia e cola" code (`GET /api/pix/qr.png`), for chat messages. */
export const pixQrPath = (code: string) => `/api/pix/qr.png?code=${encodeURIComponent(code)}`;
