-- Account safety (issue 8).

-- A new password (forgot-password, an admin's reset) waits beside the current one: the current one
-- keeps working until the new one is first used, so nobody locks a user out by asking for one.
ALTER TABLE users
  ADD COLUMN pending_password_hash text,
  ADD COLUMN pending_password_expires_at timestamptz;

-- Login limits as counters reserved atomically before the slow password check: one row per key
-- (account + client, account, client, recovery), in a window that restarts when it has passed.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL DEFAULT now(),
  count integer NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL DEFAULT now()
);
DROP TABLE login_attempts;

-- Platform mail (no tenant) apart from tenant mail, readable only outside tenant sessions.
CREATE TABLE platform_mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  secret_key text,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE platform_mail_outbox ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_mail_outbox FORCE ROW LEVEL SECURITY;
CREATE POLICY outside_tenants ON platform_mail_outbox
  USING (app_current_tenant() IS NULL)
  WITH CHECK (app_current_tenant() IS NULL);
INSERT INTO platform_mail_outbox (to_address, subject, text_body, html_body, created_at)
  SELECT to_address, subject, text_body, html_body, created_at FROM mail_outbox WHERE tenant_id IS NULL;

-- Tenant mail under row-level security like every tenant table. Messages that carry a secret
-- (a new password) name it (secret_key) and expire; older ones held passwords in clear: dropped.
DELETE FROM mail_outbox WHERE tenant_id IS NULL OR subject = 'Mandato — sua nova senha';
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_pkey;
ALTER TABLE mail_outbox ALTER COLUMN tenant_id SET NOT NULL;
ALTER TABLE mail_outbox ADD PRIMARY KEY (tenant_id, id);
ALTER TABLE mail_outbox
  ADD COLUMN secret_key text,
  ADD COLUMN expires_at timestamptz;
CREATE INDEX mail_outbox_secret ON mail_outbox (tenant_id, secret_key) WHERE secret_key IS NOT NULL;
CREATE INDEX mail_outbox_expires ON mail_outbox (expires_at) WHERE expires_at IS NOT NULL;
ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
ALTER TABLE mail_outbox FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mail_outbox
  USING (tenant_id = app_current_tenant())
  WITH CHECK (tenant_id = app_current_tenant());
