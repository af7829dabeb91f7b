/**
 * Where a delivery option delivers (issue 18): its areas, a CEP range or a neighbourhood of a city, each with its
 * own fee. A row without areas (the seed's) delivers to its CEP range and neighbourhoods at its own price.
 */
import type { DeliveryArea } from '@vitrine/contracts/console-delivery';
import type { LogisticRow } from './repository.ts';

/** An address as far as delivery cares: its CEP (8 digits or empty), neighbourhood and city when known. */
export type Place = { cep: string; neighborhood: string | null; city: string | null };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

export function areasOf(row: LogisticRow): DeliveryArea[] {
  if (row.areas.length > 0) return row.areas;
  const areas: DeliveryArea[] = [];
  if (row.cep_from && row.cep_to)
    areas.push({ kind: 'cep', cepFrom: row.cep_from, cepTo: row.cep_to, feeCents: row.price_cents });
  for (const neighborhood of row.neighborhoods)
    areas.push({ kind: 'neighborhood', city: '', neighborhood, feeCents: row.price_cents });
  return areas;
}

function covers(area: DeliveryArea, place: Place): boolean {
  if (area.kind === 'cep')
    return place.cep.length === 8 && place.cep >= area.cepFrom && place.cep <= area.cepTo;
  if (place.neighborhood === null || fold(area.neighborhood) !== fold(place.neighborhood)) return false;
  return area.city === '' || place.city === null || fold(area.city) === fold(place.city);
}

/** The first area of the delivery option `row` covering `place`, or null when it does not deliver there. */
export function areaServing(row: LogisticRow, place: Place): DeliveryArea | null {
  return areasOf(row).find((area) => covers(area, place)) ?? null;
}
