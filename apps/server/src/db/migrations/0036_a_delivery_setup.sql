-- Issue 18, console 'Entrega' (decision 0036): a store keeps its opening hours; a delivery option may belong to no
-- store (the shop itself delivers) and lists where it delivers, each area with its own fee:
-- [{"kind":"cep","cepFrom":"01000000","cepTo":"01999999","feeCents":990} |
--  {"kind":"neighborhood","city":"São Paulo","neighborhood":"Bela Vista","feeCents":500}].
-- Rows without areas keep their CEP range / neighbourhoods columns at the option's price (the seed's).
alter table sellers add column opening_hours jsonb not null default '[]';
alter table logistic_options alter column seller_id drop not null;
alter table logistic_options add column areas jsonb not null default '[]';
