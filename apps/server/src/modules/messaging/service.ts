/** The messaging module's public face: what other modules may use of it (docs/architecture.md). */
export { databaseRegistry } from './channel-registry.ts';
export { CredentialCipher, credentialContext } from './credential-cipher.ts';
export { enqueueOrderEvent } from './events.ts';
