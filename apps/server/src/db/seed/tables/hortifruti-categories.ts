import type { TreeNode } from '../tree.ts';

/** Category tree of the grocery demo shop (11 top categories, each with subcategories). */
export const HORTIFRUTI_TREE: readonly TreeNode[] = [
  {
    providerId: 'C10',
    name: 'Hortifrúti',
    description: 'Frutas, verduras e legumes fresquinhos todos os dias.',
    palette: ['d8f3dc', 'b7e4c7', 'ffe8a3', 'ffd6a5', 'fdffb6', 'caffbf'],
    children: [
      { providerId: 'C11', name: 'Frutas', blurb: 'Frutas selecionadas, colhidas no ponto certo.' },
      {
        providerId: 'C12',
        name: 'Verduras e Legumes',
        blurb: 'Verduras e legumes frescos direto do produtor.',
      },
      {
        providerId: 'C13',
        name: 'Orgânicos',
        blurb: 'Cultivados sem agrotóxicos, com certificação orgânica.',
      },
    ],
  },
  {
    providerId: 'C20',
    name: 'Mercearia',
    description: 'O básico da despensa: grãos, massas, óleos e temperos.',
    palette: ['f4e1c1', 'e9c46a', 'f4a261', 'fefae0', 'e6ccb2'],
    children: [
      {
        providerId: 'C21',
        name: 'Arroz e Feijão',
        blurb: 'Grãos selecionados para o dia a dia da sua família.',
      },
      {
        providerId: 'C22',
        name: 'Açúcar e Adoçantes',
        blurb: 'Para adoçar o café, os bolos e as sobremesas.',
      },
      {
        providerId: 'C23',
        name: 'Massas e Molhos',
        blurb: 'Massas e molhos para um almoço rápido e gostoso.',
      },
      {
        providerId: 'C24',
        name: 'Óleos e Azeites',
        blurb: 'Óleos, azeites e vinagres para cozinhar e temperar.',
      },
    ],
  },
  {
    providerId: 'C30',
    name: 'Matinais e Padaria',
    description: 'Tudo para o café da manhã.',
    palette: ['7f5539', 'b08968', 'ddb892', 'e6ccb2', '9c6644'],
    children: [
      { providerId: 'C31', name: 'Cafés', blurb: 'Café torrado e moído, cápsulas e solúvel.' },
      { providerId: 'C32', name: 'Pães e Bolos', blurb: 'Pães e bolos macios para o café da tarde.' },
      { providerId: 'C33', name: 'Cereais e Achocolatados', blurb: 'Cereais, aveia e achocolatados.' },
    ],
  },
  {
    providerId: 'C40',
    name: 'Laticínios e Frios',
    description: 'Leites, queijos, iogurtes e frios.',
    palette: ['e3f2fd', 'bbdefb', 'fff8e1', 'fffde7', 'f1f8e9'],
    children: [
      { providerId: 'C41', name: 'Leites', blurb: 'Leites e derivados para toda a família.' },
      { providerId: 'C42', name: 'Queijos', blurb: 'Queijos fatiados, ralados e cremosos.' },
      { providerId: 'C43', name: 'Iogurtes', blurb: 'Iogurtes e bebidas lácteas.' },
      { providerId: 'C44', name: 'Frios e Embutidos', blurb: 'Frios fatiados e embutidos.' },
    ],
  },
  {
    providerId: 'C50',
    name: 'Açougue e Peixaria',
    description: 'Carnes, aves e peixes cortados na hora.',
    palette: ['9b2226', 'ae2012', 'bb3e03', 'e5989b', 'ffb4a2'],
    children: [
      { providerId: 'C51', name: 'Carne Bovina', blurb: 'Cortes bovinos selecionados.' },
      { providerId: 'C52', name: 'Aves', blurb: 'Frango resfriado em cortes práticos.' },
      { providerId: 'C53', name: 'Carne Suína', blurb: 'Cortes suínos e linguiças.' },
      { providerId: 'C54', name: 'Peixes', blurb: 'Peixes frescos e filés.' },
    ],
  },
  {
    providerId: 'C60',
    name: 'Bebidas',
    description: 'Refrigerantes, sucos, águas, cervejas e vinhos.',
    palette: ['0077b6', '00b4d8', '90e0ef', '6a040f', 'f9c74f'],
    children: [
      { providerId: 'C61', name: 'Refrigerantes', blurb: 'Refrigerantes gelados para qualquer ocasião.' },
      { providerId: 'C62', name: 'Sucos', blurb: 'Sucos integrais e néctares.' },
      { providerId: 'C63', name: 'Águas', blurb: 'Águas minerais com e sem gás e água de coco.' },
      {
        providerId: 'C64',
        name: 'Cervejas',
        blurb: 'Cervejas nacionais e importadas. Venda proibida para menores de 18 anos.',
      },
      {
        providerId: 'C65',
        name: 'Vinhos e Espumantes',
        blurb: 'Vinhos e espumantes. Venda proibida para menores de 18 anos.',
      },
      {
        providerId: 'C66',
        name: 'Destilados',
        blurb: 'Cachaças, vodcas e uísques. Venda proibida para menores de 18 anos.',
      },
    ],
  },
  {
    providerId: 'C70',
    name: 'Doces e Snacks',
    description: 'Chocolates, biscoitos e salgadinhos.',
    palette: ['6f1d1b', '99582a', 'ffe6a7', 'bb9457', 'f28482'],
    children: [
      { providerId: 'C71', name: 'Chocolates', blurb: 'Barras, bombons e chocolates especiais.' },
      { providerId: 'C72', name: 'Biscoitos', blurb: 'Biscoitos doces e salgados.' },
      { providerId: 'C73', name: 'Salgadinhos', blurb: 'Batatas, salgadinhos e petiscos.' },
    ],
  },
  {
    providerId: 'C80',
    name: 'Limpeza',
    description: 'Produtos de limpeza para a casa e a roupa.',
    palette: ['48cae4', 'ade8f4', 'caf0f8', 'a2d2ff', 'cdb4db'],
    children: [
      { providerId: 'C81', name: 'Lavanderia', blurb: 'Sabões e amaciantes para roupas limpinhas.' },
      { providerId: 'C82', name: 'Cozinha', blurb: 'Detergentes, esponjas e papel toalha.' },
      { providerId: 'C83', name: 'Casa', blurb: 'Desinfetantes, limpadores e papel higiênico.' },
    ],
  },
  {
    providerId: 'C90',
    name: 'Higiene e Beleza',
    description: 'Cuidados pessoais para toda a família.',
    palette: ['ffc8dd', 'ffafcc', 'bde0fe', 'cdb4db', 'e2ece9'],
    children: [
      { providerId: 'C91', name: 'Cabelos', blurb: 'Shampoos e condicionadores.' },
      { providerId: 'C92', name: 'Higiene Bucal', blurb: 'Cremes dentais, escovas e enxaguantes.' },
      { providerId: 'C93', name: 'Banho', blurb: 'Sabonetes e desodorantes.' },
    ],
  },
  {
    providerId: 'C100',
    name: 'Congelados',
    description: 'Sorvetes, pratos prontos e vegetais congelados.',
    palette: ['caf0f8', '90e0ef', 'e0fbfc', 'c2dfe3', '9bf6ff'],
    children: [
      { providerId: 'C101', name: 'Sorvetes', blurb: 'Sorvetes e açaí.' },
      { providerId: 'C102', name: 'Pratos Prontos', blurb: 'Lasanhas, pizzas e salgados congelados.' },
      { providerId: 'C103', name: 'Vegetais Congelados', blurb: 'Batatas e legumes congelados.' },
    ],
  },
  {
    providerId: 'C110',
    name: 'Pet Shop',
    description: 'Rações, petiscos e acessórios para o seu pet.',
    palette: ['ffd166', 'f4a261', '8ecae6', 'a8dadc', 'e9edc9'],
    children: [
      { providerId: 'C111', name: 'Cães', blurb: 'Rações e petiscos para cães.' },
      { providerId: 'C112', name: 'Gatos', blurb: 'Rações, sachês e areia para gatos.' },
    ],
  },
];

/** Subcategories whose products are alcoholic drinks (restricted sale). */
export const RESTRICTED_CATEGORIES = new Set(['C64', 'C65', 'C66']);

/** Subcategories sold only for in-store pickup. */
export const PICKUP_ONLY_CATEGORIES = new Set(['C101', 'C102', 'C103']);
export const PICKUP_ONLY_MESSAGE = 'Disponível apenas para retirada na loja';
