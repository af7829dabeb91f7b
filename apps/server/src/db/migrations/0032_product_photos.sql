-- Product photos uploaded in the console (issue 17, docs/decisions/0032-product-photos.md): each upload is resized
-- by the server (sharp) to the storefront's widths, in WebP and JPEG, and every file is kept here so that every
-- instance serves it (GET /media/photos/<hash>-<width>.<webp|jpg>, immutable). The hash names the upload's bytes
-- within its shop; a product's product_images row points at the 800 px JPEG.
create table photo_files (
  hash text not null check (hash ~ '^[0-9a-f]{32}$'),
  width integer not null check (width in (200, 400, 600, 800, 1200)),
  format text not null check (format in ('webp', 'jpeg')),
  shop_id text not null references shops(id),
  bytes bytea not null check (octet_length(bytes) between 1 and 4194304),
  created_at timestamptz not null default now(),
  primary key (hash, width, format)
);
create index photo_files_shop_idx on photo_files (shop_id, hash);
create index product_images_url_idx on product_images (shop_id, url);
