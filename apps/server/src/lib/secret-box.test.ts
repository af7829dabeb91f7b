import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

const messages = { badKey: 'chave ruim', badFormat: 'formato ruim' };

describe('secrets at rest', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key, messages);

  it('opens what it sealed in the same context only, and refuses an altered value', () => {
    const sealed = box.seal('segredo-ç', 'shop:whatsapp');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('segredo');
    expect(box.open(sealed, 'shop:whatsapp')).toBe('segredo-ç');
    expect(() => box.open(sealed, 'other:whatsapp')).toThrow();
    expect(() => new SecretBox(randomBytes(32), messages).open(sealed, 'shop:whatsapp')).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'shop:whatsapp')).toThrow();
    expect(() => box.open('texto-puro', 'shop:whatsapp')).toThrow('formato ruim');
    expect(() => new SecretBox(randomBytes(16), messages)).toThrow('chave ruim');
  });

  it('opens values stored before it (v1.<iv>.<tag>.<data>, AES-256-GCM, the context as associated data)', () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from('lnk_1:access'));
    const data = Buffer.concat([cipher.update('token', 'utf8'), cipher.final()]);
    const stored = ['v1', iv, cipher.getAuthTag(), data].map((p) =>
      typeof p === 'string' ? p : p.toString('base64url'),
    );
    expect(box.open(stored.join('.'), 'lnk_1:access')).toBe('token');
  });
});
