import { GLUTEN, MILK, MILK_GLUTEN, line, type GroceryLine } from './grocery-line.ts';

/** Pantry, breakfast, dairy and cold cuts (subcategories C21–C44). */
export const FOOD_LINES: readonly GroceryLine[] = [
  // Arroz e Feijão
  line(
    'C21',
    'Arroz Branco Tipo 1',
    ['Camil', 'Tio João', 'Prato Fino'],
    [
      ['1kg', 699],
      ['5kg', 2899],
    ],
    {
      subscription: true,
    },
  ),
  line('C21', 'Arroz Integral', ['Camil', 'Tio João'], [['1kg', 899]]),
  line('C21', 'Feijão Carioca', ['Camil', 'Kicaldo', 'Broto Legal'], [['1kg', 899]], { subscription: true }),
  line('C21', 'Feijão Preto', ['Camil', 'Kicaldo'], [['1kg', 949]]),
  line('C21', 'Lentilha', ['Camil', 'Yoki'], [['500g', 799]]),
  line('C21', 'Grão-de-Bico', ['Yoki'], [['500g', 1099]]),
  // Açúcar e Adoçantes
  line(
    'C22',
    'Açúcar Cristal',
    ['União', 'Caravelas', 'Guarani'],
    [
      ['1kg', 549],
      ['5kg', 2399],
    ],
  ),
  line('C22', 'Açúcar Refinado', ['União', 'Guarani'], [['1kg', 599]]),
  line('C22', 'Açúcar Mascavo', ['Mãe Terra'], [['1kg', 1299]], { highlights: ['Orgânico'] }),
  line('C22', 'Adoçante Líquido Sucralose', ['Linea', 'Zero-Cal'], [['75ml', 1499]]),
  // Massas e Molhos
  line('C23', 'Macarrão Espaguete', ['Barilla', 'Renata', 'Adria'], [['500g', 549]], { allergens: GLUTEN }),
  line('C23', 'Macarrão Parafuso', ['Renata', 'Adria'], [['500g', 499]], { allergens: GLUTEN }),
  line('C23', 'Macarrão Instantâneo Sabor Galinha', ['Nissin', 'Maggi'], [['85g', 199]], {
    offer: 'Leve 3, pague 2',
    allergens: GLUTEN,
  }),
  line('C23', 'Molho de Tomate Tradicional', ['Quero', 'Pomarola', 'Heinz'], [['340g', 349]]),
  line('C23', 'Extrato de Tomate', ['Elefante', 'Quero'], [['190g', 449]]),
  // Óleos e Azeites
  line('C24', 'Óleo de Soja', ['Liza', 'Soya'], [['900ml', 799]]),
  line('C24', 'Óleo de Girassol', ['Liza'], [['900ml', 1199]]),
  line('C24', 'Azeite de Oliva Extra Virgem', ['Gallo', 'Andorinha', 'Borges'], [['500ml', 3999]]),
  line('C24', 'Vinagre de Álcool', ['Castelo'], [['750ml', 399]]),
  // Cafés
  line(
    'C31',
    'Café',
    ['Pilão', 'Melitta', '3 Corações'],
    [
      ['250g', 1099],
      ['500g', 1999],
    ],
    {
      subscription: true,
      highlights: ['Mais vendido'],
    },
  ),
  line('C31', 'Café em Cápsula Espresso', ['3 Corações', 'Nescafé Dolce Gusto'], [['10 Unidades', 2299]], {
    subscription: true,
  }),
  line('C31', 'Café Solúvel', ['Nescafé'], [['100g', 1599]]),
  // Pães e Bolos
  line('C32', 'Pão de Forma Tradicional', ['Wickbold', 'Pullman', 'Seven Boys'], [['500g', 899]], {
    allergens: GLUTEN,
  }),
  line('C32', 'Pão de Forma Integral', ['Wickbold', 'Pullman'], [['500g', 1099]], { allergens: GLUTEN }),
  line('C32', 'Bisnaguinha', ['Pullman', 'Seven Boys'], [['300g', 799]], { allergens: MILK_GLUTEN }),
  line('C32', 'Bolo Pronto Sabor Laranja', ['Bauducco'], [['250g', 899]], { allergens: MILK_GLUTEN }),
  line('C32', 'Torrada Tradicional', ['Bauducco', 'Marilan'], [['160g', 599]], { allergens: GLUTEN }),
  // Cereais e Achocolatados
  line(
    'C33',
    'Achocolatado em Pó',
    ['Nescau', 'Toddy'],
    [
      ['400g', 899],
      ['800g', 1599],
    ],
  ),
  line('C33', 'Cereal Matinal Sucrilhos', ["Kellogg's"], [['300g', 1399]]),
  line('C33', 'Aveia em Flocos', ['Quaker', 'Yoki'], [['200g', 549]], { allergens: GLUTEN }),
  line('C33', 'Granola Tradicional', ['Mãe Terra', 'Jasmine'], [['250g', 1299]], { allergens: GLUTEN }),
  // Leites
  line('C41', 'Leite Integral', ['Italac', 'Piracanjuba', 'Parmalat'], [['1L', 549]], {
    subscription: true,
    highlights: ['Mais vendido'],
    allergens: MILK,
  }),
  line('C41', 'Leite Desnatado', ['Italac', 'Piracanjuba'], [['1L', 569]], {
    subscription: true,
    allergens: MILK,
  }),
  line('C41', 'Leite Semidesnatado Zero Lactose', ['Piracanjuba', 'Italac'], [['1L', 699]], {
    highlights: ['Zero lactose'],
    allergens: MILK,
  }),
  line('C41', 'Leite Condensado', ['Moça', 'Italac'], [['395g', 749]], { allergens: MILK }),
  line('C41', 'Creme de Leite', ['Nestlé', 'Italac'], [['200g', 399]], { allergens: MILK }),
  // Queijos
  line('C42', 'Queijo Muçarela Fatiado', ['Tirolez', 'Président'], [['150g', 1199]], { allergens: MILK }),
  line('C42', 'Queijo Prato Fatiado', ['Tirolez', 'Polenghi'], [['150g', 1249]], { allergens: MILK }),
  line('C42', 'Queijo Parmesão Ralado', ['Faixa Azul', 'Vigor'], [['50g', 799]], { allergens: MILK }),
  line('C42', 'Requeijão Cremoso', ['Catupiry', 'Vigor', 'Itambé'], [['200g', 899]], { allergens: MILK }),
  line('C42', 'Queijo Minas Frescal', ['Tirolez'], [['500g', 1899]], { allergens: MILK }),
  // Iogurtes
  line('C43', 'Iogurte Natural Integral', ['Nestlé', 'Batavo'], [['170g', 349]], { allergens: MILK }),
  line('C43', 'Iogurte Grego Tradicional', ['Vigor', 'Danone'], [['100g', 399]], {
    offer: 'Leve 3, pague 2',
    allergens: MILK,
  }),
  line('C43', 'Bebida Láctea Sabor Morango', ['Batavo', 'Itambé'], [['900g', 799]], { allergens: MILK }),
  // Frios e Embutidos
  line('C44', 'Presunto Cozido Fatiado', ['Sadia', 'Perdigão', 'Seara'], [['200g', 899]]),
  line('C44', 'Mortadela Fatiada', ['Sadia', 'Perdigão'], [['200g', 599]]),
  line('C44', 'Salsicha Hot Dog', ['Perdigão', 'Seara'], [['500g', 999]]),
  line('C44', 'Peito de Peru Defumado Fatiado', ['Sadia', 'Seara'], [['150g', 1399]]),
];
