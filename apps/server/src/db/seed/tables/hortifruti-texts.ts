/** Hand-written descriptions of the grocery demo shop, keyed by product name. */
export const HORTIFRUTI_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Banana Prata':
    'Banana prata fresquinha, selecionada na Ceagesp. Doce na medida certa, ótima para o lanche, ' +
    'vitaminas e receitas. Vendida por quilo; cada porção tem cerca de 500 g (3 a 4 bananas).',
  'Chocolate ao Leite Lacta 90g':
    '<p>O clássico <strong>chocolate ao leite Lacta</strong>, cremoso e irresistível.</p>' +
    '<ul><li>Barra de 90 g</li><li>Ideal para compartilhar</li><li>Contém leite e derivados</li></ul>',
  'Café Pilão 500g':
    '<p>Café torrado e moído <strong>Pilão</strong>, o café forte do Brasil.</p>' +
    '<ul><li>Torra escura</li><li>Intensidade 8</li><li>Embalagem a vácuo de 500 g</li></ul>',
  'Azeite de Oliva Extra Virgem Gallo 500ml':
    '<p>Azeite <strong>extra virgem</strong> de acidez máxima 0,5%, produzido em Portugal.</p>' +
    '<p>Perfeito para saladas, finalizações e pratos quentes.</p>',
  'Açúcar Cristal União 1kg':
    'Açúcar cristal de cana, ideal para adoçar bebidas e preparar doces e bolos. Pacote de 1 kg.',
  'Feijão Carioca Camil 1kg':
    'Feijão carioca tipo 1, grãos selecionados que cozinham por igual e rendem um caldo encorpado.',
  'Leite Integral Italac 1L':
    'Leite UHT integral, rico em cálcio. Depois de aberto, conservar na geladeira e consumir em até 3 dias.',
  'Picanha Bovina':
    '<p>Picanha bovina com capa de gordura, perfeita para o <strong>churrasco</strong>.</p>' +
    '<ul><li>Peça resfriada</li><li>Cortada na hora</li></ul>',
  // Deliberately hostile HTML: the client must sanitise descriptions before rendering them.
  'Bisnaguinha Seven Boys 300g':
    '<p>Bisnaguinhas macias, ideais para o lanche das crianças.</p>' +
    '<script>alert(1)</script><img src=x onerror=alert(1)>',
};

/** Product names that are seeded with an explicit, high ranking (top sellers). */
export const HORTIFRUTI_TOP_SELLERS: readonly string[] = [
  'Banana Prata',
  'Leite Integral Italac 1L',
  'Café Pilão 500g',
  'Açúcar Cristal União 1kg',
  'Feijão Carioca Camil 1kg',
  'Arroz Branco Tipo 1 Camil 5kg',
  'Chocolate ao Leite Lacta 90g',
  'Tomate Italiano',
  'Peito de Frango sem Osso',
  'Refrigerante Coca-Cola 2L',
  'Batata Inglesa',
  'Ovos Caipira Orgânicos 10 Unidades',
];

/** Product names seeded as inactive (out of stock / out of season). */
export const HORTIFRUTI_INACTIVE: readonly string[] = [
  'Caqui Rama Forte',
  'Cerveja Puro Malte Long Neck Corona 330ml',
  'Kiwi',
  'Queijo Minas Frescal Tirolez 500g',
  'Sorvete Napolitano Nestlé 1,5L',
];

/** The product whose specification has an empty value (the client skips it). */
export const EMPTY_SPEC_PRODUCT = 'Água Mineral sem Gás Crystal 500ml';
