-- Marketing senders (issue 14: spec 3 §2.1 'Conta de envio', §2.4, §3 Sender, §4 sender status):
-- '<email_prefix>@<domain>' on a verified domain of the tenant, ACTIVE once the activation link
-- e-mailed to it is opened. tenant_id leads every key (Citus-ready), RLS forced (DESIGN.md §2).
CREATE TABLE mkt_senders (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- local part, lower case (the domain's EmailPrefixSchema)
  email_prefix text NOT NULL
    CHECK (length(email_prefix) <= 64 AND email_prefix ~ '^[a-z0-9_+-]+(\.[a-z0-9_+-]+)*$'),
  domain_id bigint NOT NULL,
  status text NOT NULL DEFAULT 'PENDING_VALIDATION'
    CHECK (status IN ('ACTIVE', 'INACTIVE', 'PENDING_VALIDATION')),
  -- public id of the sender in its activation link (senderToken, 128 random bits, base64url): the
  -- public page has no tenant slug, so this finds the row (policy sender_link_lookup below)
  link_id text NOT NULL CHECK (link_id ~ '^[A-Za-z0-9_-]{22}$'),
  -- the pending activation token: only its SHA-256 (hex) and expiry; cleared when used
  token_hash text CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  token_expires_at timestamptz,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, email_prefix, domain_id),
  -- removing a domain removes its senders (their addresses no longer exist)
  FOREIGN KEY (tenant_id, domain_id) REFERENCES mkt_domains (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by),
  CHECK ((token_hash IS NULL) = (token_expires_at IS NULL))
);
-- the public confirmation looks the link id up before knowing the tenant
CREATE INDEX mkt_senders_link ON mkt_senders (link_id);

ALTER TABLE mkt_senders ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_senders FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_senders
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
-- Outside any tenant session, a transaction that set app.sender_link to a link id sees that one
-- row (read only): how the public page finds the tenant and the sender, and nothing else.
CREATE POLICY sender_link_lookup ON mkt_senders FOR SELECT
  USING (app_current_tenant() IS NULL AND link_id = current_setting('app.sender_link', true));
