import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Channel secrets at rest: AES-256-GCM, a random 96-bit IV per value, the shop id + channel kind as associated
 * data (a ciphertext copied to another row does not decrypt). Stored as `v1.<iv>.<tag>.<data>` (base64url).
 */
export class CredentialCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new RangeError('A chave das credenciais de canal deve ter 32 bytes');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', ...[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'))].join('.');
  }

  /** Throws when the value was altered, belongs to another row or was sealed with another key. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined)
      throw new Error('Credencial em formato desconhecido');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

export const credentialContext = (shopId: string, kind: string) => `${shopId}:${kind}`;
