-- Issue 38: a SKU names one product of the shop. Backfill of the duplicates already stored: the oldest product
-- keeps its SKU, each later one gets '-DUP<n>' appended (n = 2, 3, … in creation order), so the index can be built
-- and the owner finds them in Catálogo by searching 'DUP' to give each its own SKU. Writers refuse a taken SKU
-- in pt-BR first (catalogue editor and sheet import: product-writer.ts; the sheet preview names both rows; Tray
-- import skips the product with its reason); the index makes a duplicate impossible whatever writes.
update products p
   set sku = p.sku || '-DUP' || d.n
  from (select id, row_number() over (partition by shop_id, sku order by created_at, id) as n from products) d
 where d.id = p.id and d.n > 1;
create unique index products_shop_sku_uq on products (shop_id, sku);
