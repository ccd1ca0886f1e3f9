-- The public sponsor ("padrinho") sign-up (issue 13): the tenant's form configuration, the
-- versions of its privacy terms (by SHA-256 of the sanitised HTML), each person's sponsor link
-- and the consent evidence of every sign-up. tenant_id leads every key (Citus-ready), RLS forced.

CREATE TABLE sponsor_forms (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  title text NOT NULL CHECK (length(title) <= 60),
  description text NOT NULL CHECK (length(description) <= 200),
  -- sanitised on the server (platform/html/sanitize-html.ts) before it is stored
  terms text NOT NULL,
  terms_hash text NOT NULL CHECK (terms_hash ~ '^[0-9a-f]{64}$'),
  -- [{ name, isRequired }] of the fixed field list (packages/domain sponsor)
  fields jsonb NOT NULL DEFAULT '[]',
  favicon_key text,
  favicon_type text CHECK (favicon_type IN ('image/png', 'image/x-icon', 'image/jpeg', 'image/webp')),
  favicon_url text,
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);

-- every version of the terms a signer could accept, so a consent's hash names the exact text
CREATE TABLE sponsor_terms (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  hash text NOT NULL,
  terms text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, hash)
);

-- a person's sponsor links, slug-number (spec 1 §2), unique in the tenant. The page of a link
-- greets with `greeting`, the first name given when the link was made, never read from the
-- person: a visitor who signs up with someone else's e-mail gets a link that greets with the name
-- they typed, so the answer tells them nothing about the person on record (docs/decisions.md).
CREATE TABLE sponsor_links (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  person_id bigint NOT NULL,
  code text NOT NULL CHECK (code ~ '^[a-z0-9-]*[a-z0-9]-[0-9]{3,}$' AND length(code) <= 80),
  greeting text NOT NULL CHECK (length(greeting) <= 100),
  -- the user who asked for it (a sign-up through it is created by this user: ROLE_CRM_ALL_DATA)
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, code),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sponsor_links_person ON sponsor_links (tenant_id, person_id, created_at);

-- consent evidence of each sign-up: who, through whose link, which terms, when, from where
CREATE TABLE sponsor_consents (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  person_id bigint NOT NULL,
  godfather_id bigint,
  link_code text NOT NULL,
  terms_hash text NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  ip text NOT NULL,
  user_agent text NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, godfather_id) REFERENCES people (tenant_id, id) ON DELETE SET NULL (godfather_id),
  FOREIGN KEY (tenant_id, terms_hash) REFERENCES sponsor_terms (tenant_id, hash)
);
CREATE INDEX sponsor_consents_person ON sponsor_consents (tenant_id, person_id, accepted_at DESC);

ALTER TABLE sponsor_forms ENABLE ROW LEVEL SECURITY;
ALTER TABLE sponsor_forms FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sponsor_forms
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE sponsor_terms ENABLE ROW LEVEL SECURITY;
ALTER TABLE sponsor_terms FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sponsor_terms
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE sponsor_links ENABLE ROW LEVEL SECURITY;
ALTER TABLE sponsor_links FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sponsor_links
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE sponsor_consents ENABLE ROW LEVEL SECURITY;
ALTER TABLE sponsor_consents FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sponsor_consents
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
