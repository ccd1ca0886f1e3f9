-- Politicians (issue 13): the administrative record of a tenant's politicians (candidate or office
-- holder), sys-admin/politicians; the donations module (spec 3) reads it for the provider's
-- candidate. tenant_id leads every key (Citus-ready), RLS forced (DESIGN.md §2).

CREATE TABLE politicians (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 150),
  ballot_name text CHECK (length(ballot_name) <= 60),
  -- digits only, checked by the domain (check digits); one record per CPF in a tenant
  cpf text NOT NULL CHECK (cpf ~ '^[0-9]{11}$'),
  rg text CHECK (length(rg) <= 20),
  id_dispatching_agency text CHECK (length(id_dispatching_agency) <= 20),
  voter_registration text CHECK (voter_registration ~ '^[0-9]{12}$'),
  birthday date,
  email text CHECK (length(email) <= 254),
  political_office text NOT NULL CHECK (political_office IN (
    'PRESIDENTE', 'GOVERNADOR', 'PREFEITO', 'SENADOR',
    'DEPUTADO_DISTRITAL', 'DEPUTADO_FEDERAL', 'DEPUTADO_ESTADUAL', 'VEREADOR')),
  -- initials of the party (the list lives in packages/domain: parties merge and are renamed)
  political_party text NOT NULL CHECK (length(political_party) BETWEEN 1 AND 20),
  candidate_number integer CHECK (candidate_number BETWEEN 10 AND 99999),
  candidate_cnpj text CHECK (candidate_cnpj ~ '^[0-9]{14}$'),
  electoral_state text CHECK (electoral_state ~ '^[A-Z]{2}$'),
  electoral_city text CHECK (length(electoral_city) <= 100),
  phone text CHECK (phone ~ '^[0-9]{10,11}$'),
  mobile_phone text CHECK (mobile_phone ~ '^[0-9]{10,11}$'),
  zip_code text,
  street text,
  number text,
  complement text,
  neighborhood text,
  city text,
  state text,
  donation_campaign_description text CHECK (length(donation_campaign_description) <= 500),
  active boolean NOT NULL DEFAULT true,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, cpf),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);
-- the list: by name, searched by name or ballot name (a tenant has a handful of records)
CREATE INDEX politicians_name ON politicians (tenant_id, lower(name), id);

ALTER TABLE politicians ENABLE ROW LEVEL SECURITY;
ALTER TABLE politicians FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON politicians
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
