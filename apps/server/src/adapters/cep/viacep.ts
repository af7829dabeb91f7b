import type { CepResult } from '@vitrine/contracts/checkout';
import { AppError } from '../../lib/app-error.ts';
import type { CepProvider } from './types.ts';

type ViaCepBody = {
  erro?: boolean | string;
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
};

/** ViaCEP-style HTTP provider: GET {baseUrl}/ws/{cep}/json/ (5 s timeout); `{ erro: true }` means unknown. */
export function viaCepProvider(baseUrl: string, fetchImpl: typeof fetch = fetch): CepProvider {
  return {
    async lookup(cep: string): Promise<CepResult | null> {
      let res: Response;
      try {
        res = await fetchImpl(`${baseUrl}/ws/${cep}/json/`, { signal: AbortSignal.timeout(5000) });
      } catch {
        throw new AppError('unavailable', 'cepUnavailable');
      }
      if (res.status === 400 || res.status === 404) return null;
      if (!res.ok) throw new AppError('unavailable', 'cepUnavailable');
      const body = (await res.json()) as ViaCepBody;
      if (body.erro) return null;
      return {
        zipCode: cep,
        street: body.logradouro ?? '',
        neighborhood: body.bairro ?? '',
        neighborhoodId: null,
        neighborhoods: [],
        city: body.localidade ?? '',
        state: body.uf ?? '',
        geoCoordinates: null,
      };
    },
  };
}
