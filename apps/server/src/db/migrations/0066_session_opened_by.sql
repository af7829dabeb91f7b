-- Issue 39: an agent session remembers the staff member who opened it (a sale started in the console, or the
-- "try the shop" link), so removing that person from the team, changing their role, resetting their password
-- or their 'Sair de todos os dispositivos' ends it. Sessions the chatbot platform mints name nobody (null).
alter table sessions add column opened_by text references staff_users(id);
create index sessions_opened_by_idx on sessions (opened_by) where opened_by is not null;
