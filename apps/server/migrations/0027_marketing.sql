-- Marketing foundation (issue 14, part 1): the tenant's marketing secret stored hashed, and the
-- sender domains verified through DNS (spec 3 §3 Domain, §4 domain status). tenant_id leads every
-- key (Citus-ready), RLS forced (DESIGN.md §2).

-- The marketing secret (spec 1 §3 mktSecret) is kept only as 'sha256:<hex>' of the secret: a
-- trigger hashes whatever plain value is written (operator CLI, tenant creation, seed), so no code
-- path can store it in clear, and the rows written before this migration are hashed here. The
-- secrets the CLI generates are 32 random bytes, so a fast hash is enough (like session tokens).
CREATE FUNCTION hash_marketing_secret() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.marketing_secret IS NOT NULL AND NEW.marketing_secret NOT LIKE 'sha256:%' THEN
    NEW.marketing_secret := 'sha256:' || encode(sha256(convert_to(NEW.marketing_secret, 'UTF8')), 'hex');
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER tenants_hash_marketing_secret
  BEFORE INSERT OR UPDATE OF marketing_secret ON tenants
  FOR EACH ROW EXECUTE FUNCTION hash_marketing_secret();

UPDATE tenants SET marketing_secret = marketing_secret
WHERE marketing_secret IS NOT NULL AND marketing_secret NOT LIKE 'sha256:%';

CREATE TABLE mkt_domains (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- ASCII (punycode) host name, checked by the domain (asciiDomainName)
  name text NOT NULL CHECK (length(name) BETWEEN 3 AND 253 AND name = lower(name)),
  status text NOT NULL DEFAULT 'INVALID' CHECK (status IN ('VALID', 'INVALID', 'DEACTIVATED')),
  dkim_selector text NOT NULL CHECK (dkim_selector ~ '^[a-z0-9]{1,32}$'),
  -- SPKI DER, base64: the p= of the DKIM record
  dkim_public_key text NOT NULL,
  -- PKCS#8 PEM encrypted with AES-256-GCM under MARKETING_KEY: 'v1:<iv>:<tag>:<ciphertext>' (base64)
  dkim_private_key text NOT NULL,
  -- result of the last check per record: null = never checked
  spf_ok boolean,
  dkim_ok boolean,
  dmarc_ok boolean,
  checked_at timestamptz,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);
-- the daily revalidation reads the VALID domains of each tenant
CREATE INDEX mkt_domains_status ON mkt_domains (tenant_id, status, checked_at);

ALTER TABLE mkt_domains ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_domains FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_domains
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
