-- Issue 35 (docs/decisions/0054-link-previews-and-catalogue-feeds.md, "The catalogue order's link to complete
-- delivery"): a version of the order the contact made themselves — the delivery they chose for a WhatsApp catalogue
-- order on its link — is recorded in order_edits as an accepted version whose author is the contact. A staff
-- member's proposal (accepted by the contact or applied at once) stays 'staff'.
alter table order_edits
  add column author text not null default 'staff' check (author in ('staff', 'contact'));
