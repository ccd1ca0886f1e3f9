-- Donations (issue 30): a tenant's account at the fundraising provider (spec 3 §1, §7.5). The
-- provider owns candidates, campaigns and invoices; we keep only what ties the tenant to it: its
-- provider token (AES-256-GCM under the 'donation-provider-token' key, aad = tenant id), the
-- politician record it onboards (sys-admin/politicians), the candidate id and confirmation the
-- provider answered, and the photo sent with the candidate (a file key of app.files).
-- politician_draft keeps step 1 of the wizard while the tenant has no politician record yet (the
-- record needs the office and party of step 2); step 2 creates the record and clears it.

CREATE TABLE donation_accounts (
  tenant_id bigint PRIMARY KEY REFERENCES tenants (id),
  provider_token_sealed text NOT NULL CHECK (provider_token_sealed LIKE 'v1:%' AND length(provider_token_sealed) <= 2000),
  politician_id bigint,
  politician_draft jsonb CHECK (politician_draft IS NULL OR jsonb_typeof(politician_draft) = 'object'),
  candidate_id integer CHECK (candidate_id > 0),
  confirmed boolean NOT NULL DEFAULT false,
  photo_key text CHECK (length(photo_key) <= 200),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, politician_id) REFERENCES politicians (tenant_id, id) ON DELETE SET NULL (politician_id)
);

ALTER TABLE donation_accounts ENABLE ROW LEVEL SECURITY;
ALTER TABLE donation_accounts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON donation_accounts
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
