import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (channel credentials, payment accounts' keys, Tray tokens): AES-256-GCM, a random 96-bit IV per
 * value and a context (the row and column the value belongs to) as associated data, so a ciphertext copied to
 * another row or column does not decrypt. Stored as `v1.<iv>.<tag>.<data>` (base64url); the version leaves room
 * for key rotation. Each kind of secret names its own pt-BR refusals (`messages`).
 */
export class SecretBox {
  constructor(
    private readonly key: Buffer,
    private readonly messages: { badKey: string; badFormat: string },
  ) {
    if (key.length !== 32) throw new RangeError(messages.badKey);
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
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error(this.messages.badFormat);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
