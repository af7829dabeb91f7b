import { GLUTEN, MILK, MILK_GLUTEN, line, type GroceryLine } from './grocery-line.ts';

/** Drinks, snacks, cleaning, personal care, frozen and pet (subcategories C61–C112). */
export const MORE_LINES: readonly GroceryLine[] = [
  // Refrigerantes
  line(
    'C61',
    'Refrigerante',
    ['Coca-Cola', 'Coca-Cola Sem Açúcar', 'Guaraná Antarctica', 'Fanta Laranja', 'Sprite', 'Pepsi'],
    [
      ['350ml', 399],
      ['2L', 1099],
    ],
  ),
  // Sucos
  line('C62', 'Suco Integral de Uva', ['Aurora', 'Del Valle'], [['1,5L', 1699]]),
  line('C62', 'Néctar de Pêssego', ['Del Valle'], [['1L', 799]]),
  line('C62', 'Suco de Laranja Integral', ['Natural One', 'Do Bem'], [['900ml', 1499]]),
  // Águas
  line(
    'C63',
    'Água Mineral sem Gás',
    ['Crystal', 'Bonafont', 'Minalba'],
    [
      ['500ml', 249],
      ['1,5L', 399],
    ],
    {
      offer: 'Leve 3, pague 2',
    },
  ),
  line('C63', 'Água Mineral com Gás', ['Crystal', 'São Lourenço'], [['500ml', 349]]),
  line('C63', 'Água de Coco', ['Kero Coco', 'Obrigado'], [['1L', 1099]]),
  // Cervejas
  line(
    'C64',
    'Cerveja Pilsen Lata',
    ['Heineken', 'Brahma', 'Skol', 'Itaipava', 'Amstel'],
    [
      ['350ml', 449],
      ['473ml', 599],
    ],
  ),
  line('C64', 'Cerveja Puro Malte Long Neck', ['Stella Artois', 'Budweiser', 'Corona'], [['330ml', 699]]),
  // Vinhos e Espumantes
  line(
    'C65',
    'Vinho Tinto Seco Cabernet Sauvignon',
    ['Casillero del Diablo', 'Miolo', 'Santa Helena'],
    [['750ml', 5999]],
  ),
  line('C65', 'Vinho Branco Seco Chardonnay', ['Miolo', 'Concha y Toro'], [['750ml', 4999]]),
  line('C65', 'Espumante Brut', ['Chandon', 'Salton'], [['750ml', 8999]]),
  // Destilados
  line('C66', 'Cachaça', ['51', 'Ypióca', 'Velho Barreiro'], [['965ml', 1999]]),
  line('C66', 'Vodka', ['Smirnoff', 'Absolut'], [['998ml', 4999]]),
  line('C66', 'Whisky 12 Anos', ['Johnnie Walker Black Label', 'Chivas Regal'], [['1L', 19999]]),
  // Chocolates
  line('C71', 'Chocolate ao Leite', ['Lacta', 'Nestlé', 'Garoto', "Hershey's"], [['90g', 699]], {
    allergens: MILK,
  }),
  line('C71', 'Chocolate Meio Amargo', ['Lacta', 'Nestlé'], [['90g', 749]], { allergens: MILK }),
  line('C71', 'Chocolate Branco', ['Lacta'], [['90g', 699]], { allergens: MILK }),
  line('C71', 'Caixa de Bombons', ['Garoto', 'Nestlé Especialidades'], [['250g', 1499]], {
    allergens: MILK_GLUTEN,
  }),
  line('C71', 'Chocolate 70% Cacau', ['Lindt'], [['100g', 2299]], { allergens: MILK }),
  // Biscoitos
  line('C72', 'Biscoito Recheado Sabor Chocolate', ['Bauducco', 'Passatempo', 'Trakinas'], [['140g', 349]], {
    offer: 'Leve 3, pague 2',
    allergens: MILK_GLUTEN,
  }),
  line('C72', 'Biscoito Cream Cracker', ['Vitarella', 'Marilan', 'Piraquê'], [['200g', 449]], {
    allergens: GLUTEN,
  }),
  line('C72', 'Biscoito Maisena', ['Marilan', 'Vitarella'], [['200g', 399]], { allergens: GLUTEN }),
  line('C72', 'Biscoito Wafer Sabor Morango', ['Bauducco', 'Piraquê'], [['140g', 379]], {
    allergens: MILK_GLUTEN,
  }),
  line('C72', 'Biscoito de Polvilho', ['Globo'], [['100g', 599]], { highlights: ['Sem glúten'] }),
  // Salgadinhos
  line('C73', 'Batata Chips Original', ['Ruffles', "Lay's", 'Pringles'], [['96g', 999]]),
  line('C73', 'Salgadinho de Milho', ['Cheetos', 'Fandangos', 'Baconzitos'], [['45g', 449]]),
  line('C73', 'Amendoim Japonês', ['Dori', 'Elma Chips'], [['150g', 699]], {
    allergens: ['Contém amendoim'],
  }),
  line('C73', 'Pipoca de Micro-ondas Sabor Manteiga', ['Yoki'], [['100g', 349]]),
  // Lavanderia
  line(
    'C81',
    'Sabão em Pó',
    ['Omo', 'Ariel', 'Brilhante'],
    [
      ['800g', 1499],
      ['1,6kg', 2699],
    ],
  ),
  line('C81', 'Amaciante Concentrado', ['Comfort', 'Downy'], [['500ml', 1499]]),
  line('C81', 'Sabão Líquido', ['Omo', 'Ypê'], [['3L', 4999]]),
  // Cozinha
  line('C82', 'Detergente Líquido Neutro', ['Ypê', 'Limpol'], [['500ml', 249]], { offer: 'Leve 3, pague 2' }),
  line('C82', 'Esponja Multiuso', ['Scotch-Brite', 'Bombril'], [['4 Unidades', 799]]),
  line('C82', 'Papel Toalha', ['Snob', 'Kitchen'], [['2 Rolos', 699]]),
  // Casa
  line('C83', 'Desinfetante Lavanda', ['Pinho Sol', 'Veja', 'Ypê'], [['1L', 999]]),
  line('C83', 'Água Sanitária', ['Qboa', 'Ypê'], [['2L', 699]]),
  line('C83', 'Papel Higiênico Folha Dupla', ['Neve', 'Personal'], [['12 Rolos', 2199]], {
    subscription: true,
  }),
  line('C83', 'Limpador Multiuso', ['Veja', 'Mr Músculo'], [['500ml', 799]]),
  // Cabelos
  line('C91', 'Shampoo Hidratação', ['Seda', 'Pantene', 'Elseve', 'Dove'], [['350ml', 1599]]),
  line('C91', 'Condicionador Hidratação', ['Seda', 'Pantene', 'Dove'], [['325ml', 1699]]),
  // Higiene Bucal
  line('C92', 'Creme Dental', ['Colgate', 'Sorriso', 'Oral-B'], [['90g', 449]]),
  line('C92', 'Escova Dental Macia', ['Colgate', 'Oral-B'], [['1 Unidade', 899]]),
  line('C92', 'Enxaguante Bucal', ['Listerine', 'Colgate Plax'], [['500ml', 2299]]),
  // Banho
  line('C93', 'Sabonete em Barra', ['Dove', 'Lux', 'Protex', 'Nivea'], [['90g', 299]]),
  line('C93', 'Sabonete Líquido', ['Dove', 'Protex'], [['250ml', 1299]]),
  line('C93', 'Desodorante Aerosol', ['Rexona', 'Dove', 'Nivea'], [['150ml', 1599]]),
  // Sorvetes
  line('C101', 'Sorvete Napolitano', ['Kibon', 'Nestlé'], [['1,5L', 2499]], { allergens: MILK }),
  line('C101', 'Sorvete de Creme', ['Kibon', 'Nestlé'], [['1,5L', 2399]], { allergens: MILK }),
  line('C101', 'Açaí com Guaraná', ['Frooty'], [['1L', 2999]]),
  // Pratos Prontos
  line('C102', 'Lasanha à Bolonhesa', ['Sadia', 'Seara', 'Perdigão'], [['600g', 1999]], {
    allergens: MILK_GLUTEN,
  }),
  line('C102', 'Pizza Congelada Muçarela', ['Sadia', 'Seara'], [['460g', 1899]], { allergens: MILK_GLUTEN }),
  line(
    'C102',
    'Pão de Queijo Tradicional',
    ['Forno de Minas'],
    [
      ['400g', 1499],
      ['1kg', 2999],
    ],
    {
      allergens: MILK,
    },
  ),
  line('C102', 'Hambúrguer Bovino', ['Sadia', 'Seara'], [['672g', 2799]]),
  line('C102', 'Empanado de Frango Nuggets', ['Sadia', 'Perdigão'], [['300g', 1399]], { allergens: GLUTEN }),
  // Vegetais Congelados
  line('C103', 'Batata Pré-Frita Congelada', ['McCain', 'Bem Brasil'], [['1kg', 2199]]),
  line('C103', 'Brócolis Congelado', ['Pratigel'], [['300g', 1099]]),
  line('C103', 'Ervilha Congelada', ['Pratigel'], [['300g', 899]]),
  // Cães
  line(
    'C111',
    'Ração para Cães Adultos Carne e Cereais',
    ['Pedigree', 'Golden', 'Premier'],
    [
      ['1kg', 2499],
      ['10,1kg', 14999],
    ],
    { subscription: true },
  ),
  line('C111', 'Petisco para Cães Bifinho Sabor Carne', ['Keldog'], [['65g', 699]]),
  // Gatos
  line(
    'C112',
    'Ração para Gatos Adultos Salmão',
    ['Whiskas', 'Golden', 'Friskies'],
    [
      ['1kg', 2699],
      ['3kg', 6999],
    ],
    { subscription: true },
  ),
  line('C112', 'Areia Higiênica para Gatos', ['Pipicat'], [['4kg', 1999]]),
  line('C112', 'Sachê para Gatos Sabor Carne', ['Whiskas', 'Friskies'], [['85g', 299]], {
    offer: 'Leve 3, pague 2',
  }),
];
