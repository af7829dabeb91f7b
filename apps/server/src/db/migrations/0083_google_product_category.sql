-- Issue 35: Google's product category per Vitrine category (the taxonomy's id, 1–6 digits, or its path), set in the
-- console's category editor; the Meta and Google feeds write it for the products of the category (or of a
-- category below it without its own). Null: unknown, the column left empty.
alter table categories add column google_product_category text
  check (google_product_category is null or length(google_product_category) between 1 and 750);
