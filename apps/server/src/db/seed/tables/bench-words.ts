import type { TreeNode } from '../tree.ts';

/** Word lists that multiply the demo catalogue into a large, realistic benchmark catalogue. */

export const QUALIFIERS = [
  '',
  'Tradicional',
  'Premium',
  'Seleção Especial',
  'Clássico',
  'Original',
  'Extra',
  'Gourmet',
  'Tamanho Família',
  'Edição Limitada',
] as const;

export const PACKS = [
  '',
  'Embalagem Econômica',
  'Kit com 2',
  'Kit com 3',
  'Caixa com 6',
  'Fardo com 12',
  'Refil',
  'Pack Promocional',
] as const;

/** Store and regional brands added to every packaged line. */
export const EXTRA_BRANDS = [
  'Bom Preço',
  'Qualitá',
  'Sabor da Terra',
  'Vale Verde',
  'Nossa Terra',
  'Casa Nobre',
  'Dona Benta',
  'Serra Azul',
  'Fazenda Feliz',
  'Recanto Mineiro',
  'Terra Gaúcha',
  'Sol Nascente',
] as const;

export const FRESH_QUALIFIERS = [
  '',
  'Tipo Exportação',
  'da Estação',
  'Premium',
  'do Produtor',
  'Extra',
] as const;

export const ORIGINS = [
  '',
  'de São Paulo',
  'de Minas Gerais',
  'do Paraná',
  'da Bahia',
  'de Goiás',
  'do Rio Grande do Sul',
  'de Santa Catarina',
  'de Pernambuco',
] as const;

export const FASHION_QUALIFIERS = [
  '',
  'Básico',
  'Coleção Verão',
  'Coleção Inverno',
  'Edição Especial',
  'Oversized',
  'Premium',
  'Essencial',
] as const;

/** Price factor of each PACKS entry. */
export const PACK_FACTORS = [1, 1.6, 1.9, 2.8, 5.4, 10.2, 0.85, 1.8] as const;

export const BENCH_SELLERS = [
  'Mercado Bench',
  'Empório Central',
  'Distribuidora Paulista',
  'Atacado Nordeste',
  'Hortifruti Parceiro',
  'Casa do Produtor',
  'Armazém Mineiro',
  'Mercearia Sul',
] as const;

/** Extra top category of the benchmark shop for sized and coloured pieces. */
export const BENCH_FASHION_NODE: TreeNode = {
  providerId: 'C120',
  name: 'Moda e Acessórios',
  description: 'Roupas, calçados e acessórios.',
  palette: ['fce4ec', '263238', 'd9c3a5', 'b3e5fc', 'e91e63'],
  children: [
    { providerId: 'C121', name: 'Moda Feminina', blurb: 'Vestidos, blusas, calças e saias.' },
    { providerId: 'C122', name: 'Moda Masculina', blurb: 'Camisetas, camisas, bermudas e calças.' },
    { providerId: 'C123', name: 'Calçados', blurb: 'Tênis, sandálias e botas.' },
    { providerId: 'C124', name: 'Acessórios', blurb: 'Bolsas, bonés, cintos e meias.' },
    { providerId: 'C125', name: 'Moda Infantil', blurb: 'Roupas para meninas e meninos.' },
  ],
};

/** Clothing demo subcategory (C11…C52) → benchmark subcategory (C121…C125). */
export function benchFashionCategory(modaCategory: string): string {
  return `C12${modaCategory.slice(1, 2)}`;
}
