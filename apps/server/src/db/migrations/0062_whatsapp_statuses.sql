-- Issue 33, item 9: what WhatsApp says became of a message after the send was accepted (status webhooks: sent,
-- delivered, read, failed with its error), recorded on the outbox row; template_fallback_at marks the one time an
-- order message that failed with 131047 (24-hour window closed) was queued again as the approved template.
alter table outbox add column delivery_status text check (delivery_status in ('sent', 'delivered', 'read', 'failed'));
alter table outbox add column delivery_error text check (length(delivery_error) <= 300);
alter table outbox add column delivery_updated_at timestamptz;
alter table outbox add column template_fallback_at timestamptz;
-- A status names the message by its wamid; provider_message_id holds the row's wamids, comma-separated.
create index outbox_provider_message_idx on outbox (shop_id, provider_message_id) where provider_message_id is not null;
-- The shop of a WhatsApp webhook is found by the number's phone_number_id.
create index shop_channels_whatsapp_number_idx on shop_channels ((config->>'phoneNumberId')) where kind = 'whatsapp';
