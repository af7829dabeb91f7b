import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Tray tokens at rest: AES-256-GCM with a random 96-bit IV per value and the link id + token kind as
 * associated data, so a ciphertext copied to another row or column does not decrypt.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the version leaves room for key rotation.
 */
export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new RangeError('A chave dos tokens da Tray deve ter 32 bytes');
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was altered, belongs to another row or was sealed with another key. */
  decrypt(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined)
      throw new Error('Token cifrado em formato desconhecido');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

export const accessContext = (linkId: string) => `${linkId}:access`;
export const refreshContext = (linkId: string) => `${linkId}:refresh`;
