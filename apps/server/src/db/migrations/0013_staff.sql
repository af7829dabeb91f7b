-- Shop console (issue 16, docs/decisions/0017-shop-console.md): staff accounts, their roles per shop, console
-- sessions, invitations, one-time tokens (password reset, sign-in links) and the audit log of team changes.
-- Every token is stored only as its SHA-256; passwords as scrypt hashes.

create table staff_users (
  id text primary key,
  email text not null check (length(email) between 3 and 254),
  name text not null check (length(name) between 1 and 120),
  password_hash text check (password_hash like 'scrypt$%'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index staff_users_email_idx on staff_users (lower(email));

create table shop_staff (
  shop_id text not null references shops(id),
  user_id text not null references staff_users(id),
  role text not null check (role in ('owner', 'manager', 'agent')),
  created_at timestamptz not null default now(),
  primary key (shop_id, user_id)
);
create index shop_staff_user_idx on shop_staff (user_id);

create table staff_sessions (
  id text primary key,
  user_id text not null references staff_users(id),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index staff_sessions_user_idx on staff_sessions (user_id);

create table staff_invitations (
  id text primary key,
  shop_id text not null references shops(id),
  email text not null check (length(email) between 3 and 254),
  role text not null check (role in ('owner', 'manager', 'agent')),
  invited_by text references staff_users(id),
  token_hash text unique,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index staff_invitations_shop_idx on staff_invitations (shop_id, created_at desc);

create table staff_tokens (
  id text primary key,
  user_id text not null references staff_users(id),
  purpose text not null check (purpose in ('password-reset', 'sign-in')),
  token_hash text unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index staff_tokens_user_idx on staff_tokens (user_id, purpose);

create table audit_log (
  id text primary key,
  shop_id text not null references shops(id),
  actor_user_id text references staff_users(id),
  actor_label text not null,
  action text not null,
  target text,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index audit_log_shop_idx on audit_log (shop_id, created_at desc, id desc);
