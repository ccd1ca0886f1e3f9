-- The privacy centre (issue 31): consents and opt-outs of any source, the suppression list, and the
-- data-subject requests (LGPD art. 18, answered within 15 days, art. 19). tenant_id leads every
-- key, RLS forced (DESIGN.md §2).

-- A person's consent and its lawful basis (LGPD art. 7 and 11), from the sponsor form (with its
-- terms hash), an import file, manual entry or the API. sponsor_consents keeps the form's own
-- evidence (link, ip, user agent); its rows are copied here below.
CREATE TABLE person_consents (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  person_id bigint NOT NULL,
  purpose text NOT NULL CHECK (length(purpose) BETWEEN 1 AND 200),
  lawful_basis text NOT NULL CHECK (lawful_basis IN ('CONSENT', 'LEGAL_OBLIGATION', 'PUBLIC_POLICY',
    'RESEARCH', 'CONTRACT', 'LEGAL_CLAIMS', 'VITAL_INTEREST', 'HEALTH', 'LEGITIMATE_INTEREST',
    'CREDIT_PROTECTION')),
  source text NOT NULL CHECK (source IN ('MANUAL', 'IMPORT', 'SPONSOR_FORM', 'API')),
  terms_hash text CHECK (length(terms_hash) <= 128),
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);
CREATE INDEX person_consents_person ON person_consents (tenant_id, person_id, created_at DESC);

INSERT INTO person_consents (tenant_id, person_id, purpose, lawful_basis, source, terms_hash, created_at)
SELECT tenant_id, person_id, 'Cadastro pelo formulário de apadrinhamento', 'CONSENT', 'SPONSOR_FORM',
  terms_hash, accepted_at
FROM sponsor_consents;

-- A person's opt-out of a channel of the tenant's shots (unsubscribe link, one-click, an SMS 'SAIR'
-- or STOP, a complaint, manual entry). mkt_opt_outs keeps blocking the address itself.
CREATE TABLE person_opt_outs (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  person_id bigint NOT NULL,
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  source text NOT NULL CHECK (source IN ('LINK', 'ONE_CLICK', 'COMPLAINT', 'REPLY', 'MANUAL')),
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, person_id, channel),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE
);

-- The e-mails and phones of anonymised or deleted people, as HMAC-SHA-256 of the normalised value
-- under the tenant's suppression key: an import skips them, a sponsor sign-up does not re-create
-- them, a shot leaves them out. The value itself is not kept.
CREATE TABLE privacy_suppressions (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  kind text NOT NULL CHECK (kind IN ('EMAIL', 'PHONE')),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, kind, hash)
);

-- Data-subject requests. person_id is cleared when the person is deleted; person_name is the name
-- shown in the list, frozen to the initials when the person is anonymised or deleted.
CREATE TABLE privacy_requests (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  code uuid NOT NULL DEFAULT gen_random_uuid(),
  person_id bigint,
  person_name text NOT NULL CHECK (length(person_name) <= 300),
  kind text NOT NULL CHECK (kind IN ('ACCESS', 'CORRECTION', 'ANONYMISATION', 'DELETION', 'PORTABILITY')),
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'PHONE', 'IN_PERSON', 'LETTER', 'OTHER')),
  notes text CHECK (length(notes) <= 2000),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'DONE')),
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL DEFAULT now() + interval '15 days',
  handled_by bigint,
  handled_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE SET NULL (person_id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by),
  FOREIGN KEY (tenant_id, handled_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (handled_by)
);
-- the list: open ones by due date
CREATE INDEX privacy_requests_due ON privacy_requests (tenant_id, status, due_at, id);
CREATE INDEX privacy_requests_person ON privacy_requests (tenant_id, person_id);

ALTER TABLE person_consents ENABLE ROW LEVEL SECURITY;
ALTER TABLE person_consents FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON person_consents
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE person_opt_outs ENABLE ROW LEVEL SECURITY;
ALTER TABLE person_opt_outs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON person_opt_outs
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE privacy_suppressions ENABLE ROW LEVEL SECURITY;
ALTER TABLE privacy_suppressions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON privacy_suppressions
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE privacy_requests ENABLE ROW LEVEL SECURITY;
ALTER TABLE privacy_requests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON privacy_requests
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
