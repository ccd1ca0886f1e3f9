-- Platform: plans, tenants, users, job queue, mail outbox, login throttling, settings.
-- Tenant tables: tenant_id leads every key; row-level security forced (DESIGN.md §2).

CREATE FUNCTION app_current_tenant() RETURNS bigint
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.tenant_id', true), '')::bigint $$;

CREATE TABLE plans (
  id text PRIMARY KEY,
  name text NOT NULL,
  total_users integer NOT NULL DEFAULT 0,
  total_contacts integer NOT NULL DEFAULT 0
);

INSERT INTO plans (id, name, total_users, total_contacts) VALUES
  ('FREE', 'Gratuito', 1, 500),
  ('TRIAL', 'Avaliação', 5, 5000),
  ('BASIC', 'Básico', 3, 10000),
  ('IDEAL', 'Ideal', 10, 100000),
  ('PREMIUM', 'Premium', 0, 0);

CREATE TABLE tenants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  code uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 150),
  marketing_secret text,
  plan_id text NOT NULL REFERENCES plans (id),
  active boolean NOT NULL DEFAULT true,
  deactive_date date,
  logo_url text,
  enable_address_revalidation boolean NOT NULL DEFAULT false,
  module_demands boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  code uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL CHECK (email = lower(email)),
  cellphone text,
  password_hash text,
  active boolean NOT NULL DEFAULT true,
  permissions text[] NOT NULL DEFAULT '{}',
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code),
  UNIQUE (tenant_id, email)
);

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON users
  USING (tenant_id = app_current_tenant())
  WITH CHECK (tenant_id = app_current_tenant());

CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  queue text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'active', 'done', 'failed')),
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5,
  locked_until timestamptz,
  last_error text,
  singleton_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_ready ON jobs (run_at) WHERE state IN ('pending', 'active');
CREATE UNIQUE INDEX jobs_singleton ON jobs (queue, singleton_key)
  WHERE singleton_key IS NOT NULL AND state IN ('pending', 'active');

CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tenant_id bigint REFERENCES tenants (id),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE login_attempts (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key_at ON login_attempts (key, at);

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
