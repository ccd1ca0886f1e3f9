-- CRM core: people (contacts and team members), companies (voting places), tags, segments.
-- Codes shown to users are the identity ids. tenant_id leads every key (Citus-ready), RLS forced.

CREATE TABLE tags (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX tags_name ON tags (tenant_id, lower(name));

CREATE TABLE people (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text,
  email text CHECK (email = lower(email)),
  cellphone text,
  phone_two text,
  cpf text,
  birth_date date,
  nickname text,
  gender text CHECK (gender IN ('MALE', 'FEMALE', 'NOT_BINARY', 'OTHER')),
  zip_code text,
  street text,
  number text,
  complement text,
  neighborhood text,
  city text,
  state text CHECK (state ~ '^[A-Z]{2}$'),
  profession text,
  company_id bigint,
  godfather_id bigint,
  voting_zone text,
  voting_section text,
  notes text,
  vote text NOT NULL DEFAULT 'TO_CONQUER' CHECK (vote IN ('TO_CONQUER', 'CONQUERED', 'LOST')),
  influence integer NOT NULL DEFAULT 0 CHECK (influence >= 0),
  tag_ids bigint[] NOT NULL DEFAULT '{}',
  email_status text NOT NULL DEFAULT 'UNCHECKED' CHECK (email_status IN ('VALID', 'INVALID', 'UNCHECKED')),
  sms_status text NOT NULL DEFAULT 'UNCHECKED' CHECK (sms_status IN ('VALID', 'INVALID', 'UNCHECKED')),
  is_team boolean NOT NULL DEFAULT false,
  user_id bigint,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  latitude double precision,
  longitude double precision,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, user_id),
  FOREIGN KEY (tenant_id, godfather_id) REFERENCES people (tenant_id, id) ON DELETE SET NULL (godfather_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (user_id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);

CREATE TABLE companies (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL,
  cnpj text,
  email text,
  phone text,
  zip_code text,
  street text,
  number text,
  complement text,
  neighborhood text,
  city text,
  state text CHECK (state ~ '^[A-Z]{2}$'),
  tag_ids bigint[] NOT NULL DEFAULT '{}',
  main_contact_id bigint,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  latitude double precision,
  longitude double precision,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, main_contact_id) REFERENCES people (tenant_id, id) ON DELETE SET NULL (main_contact_id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);

ALTER TABLE people ADD FOREIGN KEY (tenant_id, company_id)
  REFERENCES companies (tenant_id, id) ON DELETE SET NULL (company_id);

CREATE TABLE segments (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  -- codes 1, 2 and 3 are the special segments of each tenant (not stored)
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 100),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  type text NOT NULL CHECK (type IN ('PERSON', 'TEAM', 'COMPANY')),
  expression jsonb NOT NULL DEFAULT '[]',
  active boolean NOT NULL DEFAULT true,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);
CREATE INDEX segments_list ON segments (tenant_id, type, active, name);

-- baseline indexes for lists and lookups; the search workload adds its own (see later migrations)
CREATE INDEX people_list_name ON people (tenant_id, is_team, name, id);
CREATE INDEX people_created_by ON people (tenant_id, created_by);
CREATE INDEX people_godfather ON people (tenant_id, godfather_id) WHERE godfather_id IS NOT NULL;
CREATE INDEX people_company ON people (tenant_id, company_id) WHERE company_id IS NOT NULL;
CREATE INDEX people_email ON people (tenant_id, email) WHERE email IS NOT NULL;
CREATE INDEX people_cpf ON people (tenant_id, cpf) WHERE cpf IS NOT NULL;
CREATE INDEX companies_list_name ON companies (tenant_id, name, id);

ALTER TABLE tags ENABLE ROW LEVEL SECURITY;
ALTER TABLE tags FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tags
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE people ENABLE ROW LEVEL SECURITY;
ALTER TABLE people FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON companies
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE segments ENABLE ROW LEVEL SECURITY;
ALTER TABLE segments FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON segments
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
