-- Card brands named once (issue 13; @vitrine/contracts/card-brands): the server's BIN table said 'amex' and
-- 'diners', Mercado Pago 'master', Pagar.me 'Visa'. Stored brands take the shared ids, and a CHECK keeps them so:
-- the gateway adapters map their providers' names (adapters/payments/card-brand-names.ts).
update payments set card_brand = case lower(card_brand)
    when 'amex' then 'american-express'
    when 'american express' then 'american-express'
    when 'diners' then 'diners-club'
    when 'diners club' then 'diners-club'
    when 'master' then 'mastercard'
    when 'debmaster' then 'mastercard'
    when 'debvisa' then 'visa'
    when 'debelo' then 'elo'
    else lower(card_brand)
  end
  where card_brand is not null;

update payments set card_brand = 'unknown'
  where card_brand is not null and card_brand not in ('visa', 'mastercard', 'american-express', 'diners-club',
    'discover', 'jcb', 'unionpay', 'maestro', 'elo', 'mir', 'hiper', 'hipercard', 'dankort', 'laser', 'visa-electron',
    'unknown');

alter table payments add constraint payments_card_brand_known check (card_brand is null or card_brand in (
  'visa', 'mastercard', 'american-express', 'diners-club', 'discover', 'jcb', 'unionpay', 'maestro', 'elo', 'mir',
  'hiper', 'hipercard', 'dankort', 'laser', 'visa-electron', 'unknown'));
