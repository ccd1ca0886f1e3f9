-- Demands (spec 3 §2.3, §3 'Demand', issue 15): requests of a person (the applicant) registered by
-- the team, with attached files and the history of status changes. tenant_id leads every key
-- (Citus-ready), RLS forced (DESIGN.md §2).
--
-- The spec shows demands only for an allowlist of tenants: the allowlist is tenants.module_demands
-- (the operator's `tenant set-module --slug S --demands on|off`). New tenants start without it;
-- tenants that existed before keep the value they had.
ALTER TABLE tenants ALTER COLUMN module_demands SET DEFAULT false;

CREATE TABLE demands (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- the number shown ('Demanda #code'), counted per tenant
  code integer NOT NULL CHECK (code > 0),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text CHECK (length(description) <= 5000),
  applicant_id bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('OPEN', 'IN_PROGRESS', 'DONE', 'CANCELED')),
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, applicant_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);
-- the list: newest first
CREATE INDEX demands_newest ON demands (tenant_id, created_at DESC, id DESC);
CREATE INDEX demands_applicant ON demands (tenant_id, applicant_id);

CREATE TABLE demand_files (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  demand_id bigint NOT NULL,
  -- the storage key (platform/storage fileKey: t<tenant>/demand/<uuid>.<ext>) and the name it is
  -- served by (<uuid>.<ext>); never the user's file name
  storage_key text NOT NULL,
  name text NOT NULL CHECK (name ~ '^[0-9a-f-]{36}\.[a-z0-9]{1,8}$'),
  original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
  -- the type told by the bytes, and its content type
  file_type text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size > 0),
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name),
  FOREIGN KEY (tenant_id, demand_id) REFERENCES demands (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);
CREATE INDEX demand_files_demand ON demand_files (tenant_id, demand_id, id);

CREATE TABLE demand_status_changes (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  demand_id bigint NOT NULL,
  -- null on the first entry (the status the demand was registered with)
  from_status text,
  to_status text NOT NULL,
  changed_by bigint,
  -- the name of who changed it, as it was then (an audit line outlives a renamed user)
  changed_by_name text NOT NULL CHECK (length(changed_by_name) <= 150),
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, demand_id) REFERENCES demands (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, changed_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (changed_by)
);
CREATE INDEX demand_status_changes_demand ON demand_status_changes (tenant_id, demand_id, id);

ALTER TABLE demands ENABLE ROW LEVEL SECURITY;
ALTER TABLE demands FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON demands
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE demand_files ENABLE ROW LEVEL SECURITY;
ALTER TABLE demand_files FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON demand_files
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE demand_status_changes ENABLE ROW LEVEL SECURITY;
ALTER TABLE demand_status_changes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON demand_status_changes
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
