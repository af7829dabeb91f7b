import type { CepResult } from '@vitrine/contracts/checkout';

/** Looks an 8-digit CEP up; null when the CEP does not exist. Throws when the provider cannot be reached. */
export interface CepProvider {
  lookup(cep: string): Promise<CepResult | null>;
}
