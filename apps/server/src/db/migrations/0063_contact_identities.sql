-- Issue 33, WhatsApp usernames (BSUID): Meta may name a contact by a business-scoped user id (`user_id`, e.g.
-- `BR.…`) with no phone. A contact is now found by (channel, external user id); the phone stays optional. Existing
-- contacts get their phone as their WhatsApp identity, so every contact known before is found the same way.
create table contact_identities (
  shop_id text not null references shops (id),
  channel_type integer not null,
  external_user_id text not null check (length(external_user_id) between 1 and 128),
  contact_id text not null references contacts (id),
  created_at timestamptz not null default now(),
  primary key (shop_id, channel_type, external_user_id)
);
create index contact_identities_contact_idx on contact_identities (contact_id);

-- ChannelType.WhatsApp = 1 (packages/contracts/src/enums.ts).
insert into contact_identities (shop_id, channel_type, external_user_id, contact_id)
select shop_id, 1, phone, id from contacts where phone is not null and phone <> ''
on conflict do nothing;
