import { SecretBox } from '../../lib/secret-box.ts';

/**
 * Channel secrets at rest (lib/secret-box.ts: AES-256-GCM, `v1.<iv>.<tag>.<data>`), the shop id + channel kind as
 * associated data (a ciphertext copied to another row does not decrypt).
 */
export class CredentialCipher extends SecretBox {
  constructor(key: Buffer) {
    super(key, {
      badKey: 'A chave das credenciais de canal deve ter 32 bytes',
      badFormat: 'Credencial em formato desconhecido',
    });
  }
}

export const credentialContext = (shopId: string, kind: string) => `${shopId}:${kind}`;
