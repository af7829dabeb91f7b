import { SecretBox } from '../../lib/secret-box.ts';

/**
 * Tray tokens at rest (lib/secret-box.ts: AES-256-GCM, `v1.<iv>.<tag>.<data>`), the link id + token kind as
 * associated data, so a ciphertext copied to another row or column does not decrypt.
 */
export class TokenCipher extends SecretBox {
  constructor(key: Buffer) {
    super(key, {
      badKey: 'A chave dos tokens da Tray deve ter 32 bytes',
      badFormat: 'Token cifrado em formato desconhecido',
    });
  }
}

export const accessContext = (linkId: string) => `${linkId}:access`;
export const refreshContext = (linkId: string) => `${linkId}:refresh`;
