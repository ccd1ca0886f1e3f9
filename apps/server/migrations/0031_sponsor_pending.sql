-- Public sponsor sign-ups that match an existing contact (issue 25): a public form never changes an
-- existing record, so a sign-up whose e-mail or CPF is already a contact's waits here, untouched,
-- until a team user confirms it (then it is merged as before) or discards it. `code` is the link the
-- visitor was answered: reserved here (no other link may take it) and made the contact's own link
-- on confirmation; until then its page greets with `greeting` and opens no one's link.

CREATE TABLE sponsor_pending_signups (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- the contact the e-mail (else the CPF) matched
  person_id bigint NOT NULL,
  -- the person of the link signed up through (none through a link that is itself still pending)
  godfather_id bigint,
  link_code text NOT NULL,
  -- the user who made that link: the creator of a person signed up through it
  created_by bigint,
  code text NOT NULL CHECK (code ~ '^[a-z0-9-]*[a-z0-9]-[0-9]{3,}$' AND length(code) <= 80),
  greeting text NOT NULL CHECK (length(greeting) <= 100),
  -- the submitted fields, as validated (names of the sponsor form's fields)
  fields jsonb NOT NULL,
  -- the consent evidence, recorded with the person when confirmed
  terms_hash text NOT NULL,
  ip text NOT NULL,
  user_agent text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, godfather_id) REFERENCES people (tenant_id, id) ON DELETE SET NULL (godfather_id),
  FOREIGN KEY (tenant_id, terms_hash) REFERENCES sponsor_terms (tenant_id, hash)
);
-- the cap of waiting sign-ups per link, the contact's removal, and the list in arrival order
CREATE INDEX sponsor_pending_signups_link ON sponsor_pending_signups (tenant_id, link_code);
CREATE INDEX sponsor_pending_signups_person ON sponsor_pending_signups (tenant_id, person_id);
CREATE INDEX sponsor_pending_signups_received ON sponsor_pending_signups (tenant_id, received_at, id);

ALTER TABLE sponsor_pending_signups ENABLE ROW LEVEL SECURITY;
ALTER TABLE sponsor_pending_signups FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sponsor_pending_signups
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
