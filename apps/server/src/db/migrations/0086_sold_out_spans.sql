-- Sold-out spans (issue 37, docs/decisions/0058-product-reports.md): Relatórios › Produtos' sold-out days read
-- the spans a unit spent with nothing available instead of replaying the stock ledger.
--
-- One row per span of a unit with available ≤ 0: from the movement that took it there (its created_at) until the
-- movement that brought it back above 0 (ended_at; null while still sold out). Kept by a trigger after every
-- ledger row, in the same transaction, once stock_movements_apply has moved the level (after-insert triggers fire
-- by name: 'stock_movements_apply' < 'stock_movements_sold_out'); stock_levels.available moves only with the
-- ledger (migration 0050), so whatever code moves stock keeps the spans. A span that ends when it starts (two
-- movements of one transaction) is no span and is removed, as the ledger query left such spans out.

create table stock_sold_out_spans (
  id bigint generated always as identity,
  shop_id text not null references shops(id),
  unit_id text not null,
  product_id text not null references products(id),
  started_at timestamptz not null,
  ended_at timestamptz,
  primary key (shop_id, id),
  constraint stock_sold_out_spans_order check (ended_at is null or ended_at > started_at)
);
-- A range reads only the spans that end after its start (the open ones at infinity).
create index stock_sold_out_spans_range_idx
  on stock_sold_out_spans (shop_id, (coalesce(ended_at, 'infinity'::timestamptz)), started_at);
-- At most one open span per unit: the trigger finds it by this index.
create unique index stock_sold_out_spans_open_idx on stock_sold_out_spans (unit_id) where ended_at is null;

create function stock_movements_sold_out() returns trigger language plpgsql as $$
declare
  now_available integer;
  open_id bigint;
  open_start timestamptz;
begin
  select available into now_available from stock_levels where unit_id = new.unit_id;
  select id, started_at into open_id, open_start
    from stock_sold_out_spans where unit_id = new.unit_id and ended_at is null;
  if now_available <= 0 and open_id is null then
    insert into stock_sold_out_spans (shop_id, unit_id, product_id, started_at)
    values (new.shop_id, new.unit_id, new.product_id, new.created_at);
  elsif now_available > 0 and open_id is not null then
    if new.created_at > open_start then
      update stock_sold_out_spans set ended_at = new.created_at where shop_id = new.shop_id and id = open_id;
    else
      delete from stock_sold_out_spans where shop_id = new.shop_id and id = open_id;
    end if;
  end if;
  return null;
end $$;
create trigger stock_movements_sold_out after insert on stock_movements
  for each row execute function stock_movements_sold_out();

-- Backfill from the whole ledger: a unit's available after each movement is the sum of its movements up to it (its
-- level starts at 0); the runs of movements leaving it ≤ 0 are the spans, each ending at the next movement that
-- leaves it above 0.
insert into stock_sold_out_spans (shop_id, unit_id, product_id, started_at, ended_at)
with states as (
  select m.shop_id, m.unit_id, m.product_id, m.id, m.created_at,
         sum(m.on_hand_delta - m.held_delta) over (partition by m.unit_id order by m.id) <= 0 as out
    from stock_movements m
), changes as (
  select s.*, lag(s.out) over (partition by s.unit_id order by s.id) as was_out from states s
), edges as (
  select c.*, lead(c.created_at) over (partition by c.unit_id order by c.id) as next_at
    from changes c where c.out is distinct from coalesce(c.was_out, false)
)
select shop_id, unit_id, product_id, created_at, next_at
  from edges where out and (next_at is null or next_at > created_at);
