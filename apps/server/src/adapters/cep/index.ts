import { isValidCep } from '@vitrine/contracts/validators';
import type { CepResult } from '@vitrine/contracts/checkout';
import { AppError } from '../../lib/app-error.ts';
import { localCepProvider } from './local.ts';
import type { CepProvider } from './types.ts';
import { viaCepProvider } from './viacep.ts';

export type { CepProvider } from './types.ts';

/** The configured provider: ViaCEP-style HTTP when a base URL is set, otherwise the local dataset. */
export function cepProviderFor(config: { provider: 'local' | 'viacep'; baseUrl: string }): CepProvider {
  return config.provider === 'viacep' ? viaCepProvider(config.baseUrl) : localCepProvider();
}

/** Looks a CEP up: 400 'CEP inválido' when malformed, 404 'CEP não encontrado.' when unknown. */
export async function lookupCep(provider: CepProvider, raw: string): Promise<CepResult> {
  if (!isValidCep(raw)) throw new AppError('validation', 'cepInvalid');
  const found = await provider.lookup(raw.replace(/\D/g, ''));
  if (!found) throw new AppError('notFound', 'cepNotFound');
  return found;
}
