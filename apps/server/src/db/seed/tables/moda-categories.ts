import type { TreeNode } from '../tree.ts';

/** Category tree of the clothing demo shop. */
export const MODA_TREE: readonly TreeNode[] = [
  {
    providerId: 'C10',
    name: 'Feminino',
    description: 'Moda feminina para todas as ocasiões.',
    palette: ['fce4ec', 'f8bbd0', 'f48fb1', '212121', 'ede7f6'],
    children: [
      { providerId: 'C11', name: 'Vestidos', blurb: 'Vestidos leves e versáteis.' },
      { providerId: 'C12', name: 'Blusas e Camisas', blurb: 'Blusas, regatas e camisas femininas.' },
      { providerId: 'C13', name: 'Calças e Shorts', blurb: 'Calças, shorts e macacões.' },
      { providerId: 'C14', name: 'Saias', blurb: 'Saias curtas, midi e longas.' },
    ],
  },
  {
    providerId: 'C20',
    name: 'Masculino',
    description: 'Moda masculina casual e social.',
    palette: ['263238', '37474f', '546e7a', 'cfd8dc', '1e3a5f'],
    children: [
      { providerId: 'C21', name: 'Camisetas', blurb: 'Camisetas básicas e estampadas.' },
      { providerId: 'C22', name: 'Camisas', blurb: 'Camisas sociais e casuais.' },
      { providerId: 'C23', name: 'Bermudas', blurb: 'Bermudas de sarja, jeans e moletom.' },
      { providerId: 'C24', name: 'Calças', blurb: 'Calças jeans, chino e de alfaiataria.' },
    ],
  },
  {
    providerId: 'C30',
    name: 'Calçados',
    description: 'Tênis, sandálias e botas.',
    palette: ['111111', 'e91e63', 'f5f5f5', 'b5651d', '9e9e9e'],
    children: [
      { providerId: 'C31', name: 'Tênis', blurb: 'Tênis para o dia a dia e para treinar.' },
      { providerId: 'C32', name: 'Sandálias e Rasteiras', blurb: 'Sandálias, rasteiras e chinelos.' },
      { providerId: 'C33', name: 'Botas', blurb: 'Botas e coturnos.' },
    ],
  },
  {
    providerId: 'C40',
    name: 'Acessórios',
    description: 'Bolsas, bonés, cintos e meias.',
    palette: ['d9c3a5', 'b5651d', '111111', 'e91e63', 'f3efe6'],
    children: [
      { providerId: 'C41', name: 'Bolsas', blurb: 'Bolsas, mochilas e pochetes.' },
      { providerId: 'C42', name: 'Bonés e Chapéus', blurb: 'Bonés, chapéus e viseiras.' },
      { providerId: 'C43', name: 'Cintos', blurb: 'Cintos de couro e sintéticos.' },
      { providerId: 'C44', name: 'Meias', blurb: 'Meias e kits de meias.' },
    ],
  },
  {
    providerId: 'C50',
    name: 'Infantil',
    description: 'Roupas confortáveis para a criançada.',
    palette: ['fff59d', 'b3e5fc', 'c8e6c9', 'ffccbc', 'e1bee7'],
    children: [
      { providerId: 'C51', name: 'Menina', blurb: 'Vestidos, conjuntos e blusas para meninas.' },
      { providerId: 'C52', name: 'Menino', blurb: 'Camisetas, bermudas e conjuntos para meninos.' },
    ],
  },
];

/** Colour options: id → [name, 6-hex]. */
export const COLOURS = {
  preto: ['Preto', '111111'],
  branco: ['Branco', 'f5f5f5'],
  rosa: ['Rosa', 'e91e63'],
  'azul-marinho': ['Azul-Marinho', '1e3a5f'],
  bege: ['Bege', 'd9c3a5'],
  'verde-oliva': ['Verde-Oliva', '6b7b3a'],
  vermelho: ['Vermelho', 'c62828'],
  jeans: ['Jeans', '4a6fa5'],
  'cinza-mescla': ['Cinza Mescla', '9e9e9e'],
  'off-white': ['Off-White', 'f3efe6'],
  caramelo: ['Caramelo', 'b5651d'],
  lilas: ['Lilás', 'b39ddb'],
  amarelo: ['Amarelo', 'f9d648'],
} as const satisfies Record<string, readonly [string, string]>;
export type ColourId = keyof typeof COLOURS;

/** How a piece is sized. */
export const SIZE_SETS = {
  adult: ['P', 'M', 'G', 'GG'],
  kids: ['2', '4', '6', '8', '10'],
  shoesF: ['34', '35', '36', '37', '38', '39'],
  shoesM: ['38', '39', '40', '41', '42', '43'],
  belt: ['90', '100', '110'],
  none: [],
} as const;
export type SizeSet = keyof typeof SIZE_SETS;
