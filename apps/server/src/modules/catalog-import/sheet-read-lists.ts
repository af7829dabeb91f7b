/**
 * The list cells of the catalogue sheet as the import reads them (decision 0033; the format: sheet-cells.ts):
 * attributes, specifications, subscription offers and photos. Each throws CellError with a pt-BR reason.
 */
import { slugify } from '@vitrine/contracts/console-catalog';
import { imageUrlProblem } from '@vitrine/contracts/image-url';
import { bare, CellError, parsePairs, RECURRENCES, REDIRECTS, splitList } from './sheet-cells.ts';

/**
 * 'Tamanho: P, M | Cor: Azul (redireciona), Verde' — the attributes and their options in order. Blank: the
 * attributes named by the variant rows' 'Variação' cells (`variantCells`), options in the order the rows name them.
 */
export function readAttributes(cell: string, variantCells: string[]) {
  if (cell !== '')
    return parsePairs(cell).map(([name, options]) => ({
      name,
      options: options
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        .map((o) =>
          o.endsWith(REDIRECTS)
            ? { name: o.slice(0, -REDIRECTS.length).trim(), redirectable: true }
            : { name: o, redirectable: false },
        ),
    }));
  const named = new Map<string, { name: string; options: Map<string, string> }>();
  for (const variantCell of variantCells) {
    let pairs: [string, string][];
    try {
      pairs = parsePairs(variantCell);
    } catch {
      continue; // the row's own cell is refused where it is read
    }
    for (const [attribute, option] of pairs) {
      const entry = named.get(slugify(attribute)) ?? { name: attribute, options: new Map() };
      if (!entry.options.has(slugify(option))) entry.options.set(slugify(option), option);
      named.set(slugify(attribute), entry);
    }
  }
  return [...named.values()].map((a) => ({
    name: a.name,
    options: [...a.options.values()].map((name) => ({ name, redirectable: false })),
  }));
}

export function readSpecifications(cell: string) {
  const byName = new Map<string, string[]>();
  for (const [name, value] of parsePairs(cell)) byName.set(name, [...(byName.get(name) ?? []), value]);
  return [...byName].map(([name, values]) => ({ name, values: values.filter(Boolean) }));
}

export function readSubscriptions(cell: string) {
  return parsePairs(cell).map(([recurrence, frequency]) => {
    const type = RECURRENCES.find(([, label]) => bare(label) === bare(recurrence))?.[0];
    if (type === undefined)
      throw new CellError('Recorrência inválida: use Diária, Semanal, Mensal ou Anual.');
    if (!/^\d+$/.test(frequency)) throw new CellError('A frequência deve ser um número inteiro.');
    return { recurrenceType: type, frequency: Number(frequency) };
  });
}

/** The most photos a sheet names for one product (the editor keeps up to PHOTO_MAX_PER_PRODUCT). */
const SHEET_MAX_IMAGES = 10;

/** 'https://… | https://…', the cover first: addresses the one image rule takes (image-url.ts), at most 10. */
export function parseImages(cell: string): string[] {
  const urls = splitList(cell);
  if (urls.length > SHEET_MAX_IMAGES)
    throw new CellError(`Informe no máximo ${SHEET_MAX_IMAGES} imagens, separadas por ' | '.`);
  if (new Set(urls).size !== urls.length) throw new CellError('A mesma imagem aparece duas vezes.');
  for (const url of urls) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/'))
      throw new CellError(
        `'${url}' é um nome de arquivo: envie essa foto no editor do produto ou informe o endereço https da imagem.`,
      );
    const problem = imageUrlProblem(url);
    if (problem) throw new CellError(problem);
  }
  return urls;
}
