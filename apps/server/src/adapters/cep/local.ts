import type { CepResult } from '@vitrine/contracts/checkout';
import type { CepProvider } from './types.ts';

const SP_NEIGHBORHOODS = [
  { id: 'bela-vista', name: 'Bela Vista' },
  { id: 'consolacao', name: 'Consolação' },
  { id: 'jardim-paulista', name: 'Jardim Paulista' },
  { id: 'pinheiros', name: 'Pinheiros' },
  { id: 'vila-mariana', name: 'Vila Mariana' },
  { id: 'moema', name: 'Moema' },
  { id: 'se', name: 'Sé' },
];
const RJ_NEIGHBORHOODS = [
  { id: 'copacabana', name: 'Copacabana' },
  { id: 'ipanema', name: 'Ipanema' },
  { id: 'centro-rj', name: 'Centro' },
];

type Row = [
  cep: string,
  street: string,
  neighborhoodId: string,
  city: string,
  state: string,
  lat: number,
  lng: number,
];

/** Local dataset used by the demo and the tests: São Paulo (hortifruti) and Rio de Janeiro (moda) CEPs. */
const ROWS: Row[] = [
  ['01310100', 'Avenida Paulista', 'bela-vista', 'São Paulo', 'SP', -23.5614, -46.6559],
  ['01310200', 'Avenida Paulista', 'bela-vista', 'São Paulo', 'SP', -23.5631, -46.6544],
  ['01311000', 'Avenida Paulista', 'bela-vista', 'São Paulo', 'SP', -23.5651, -46.6519],
  ['01301000', 'Rua da Consolação', 'consolacao', 'São Paulo', 'SP', -23.5467, -46.6456],
  ['01001000', 'Praça da Sé', 'se', 'São Paulo', 'SP', -23.5505, -46.6333],
  ['01415000', 'Rua Augusta', 'consolacao', 'São Paulo', 'SP', -23.5558, -46.6592],
  ['01418000', 'Alameda Santos', 'jardim-paulista', 'São Paulo', 'SP', -23.5673, -46.6535],
  ['05422000', 'Rua dos Pinheiros', 'pinheiros', 'São Paulo', 'SP', -23.5662, -46.6854],
  ['04101000', 'Rua Domingos de Morais', 'vila-mariana', 'São Paulo', 'SP', -23.5869, -46.6362],
  ['04077000', 'Avenida Ibirapuera', 'moema', 'São Paulo', 'SP', -23.6021, -46.6669],
  ['22021001', 'Avenida Atlântica', 'copacabana', 'Rio de Janeiro', 'RJ', -22.9694, -43.1806],
  ['22410003', 'Rua Visconde de Pirajá', 'ipanema', 'Rio de Janeiro', 'RJ', -22.9847, -43.2048],
  ['20040002', 'Avenida Rio Branco', 'centro-rj', 'Rio de Janeiro', 'RJ', -22.9035, -43.1779],
];

/** The local CEP provider (no network). */
export function localCepProvider(): CepProvider {
  return {
    async lookup(cep: string): Promise<CepResult | null> {
      const row = ROWS.find(([code]) => code === cep);
      if (!row) return null;
      const [zipCode, street, neighborhoodId, city, state, latitude, longitude] = row;
      const neighborhoods = state === 'SP' ? SP_NEIGHBORHOODS : RJ_NEIGHBORHOODS;
      return {
        zipCode,
        street,
        neighborhood: neighborhoods.find((n) => n.id === neighborhoodId)?.name ?? '',
        neighborhoodId,
        neighborhoods,
        city,
        state,
        geoCoordinates: { latitude, longitude },
      };
    },
  };
}
