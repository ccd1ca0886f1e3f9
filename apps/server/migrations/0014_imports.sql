-- People import (issue 11): one row per import run, its rows staged as validated JSON batches so
-- the job resumes after a crash, and the log of the rows that failed. tenant_id leads every key
-- (Citus-ready), RLS forced (DESIGN.md §2).

CREATE TABLE imports (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  user_id bigint,
  type text NOT NULL CHECK (type IN ('PERSON', 'TEAM')),
  update_behavior text NOT NULL CHECK (update_behavior IN ('SKIP', 'UPDATE_BLANK', 'OVERWRITE')),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  -- the importer saw only their own contacts (no ROLE_CRM_ALL_DATA): others' are not changed
  owner_only boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'IN_PROGRESS' CHECK (status IN ('IN_PROGRESS', 'CONCLUDED', 'ERROR')),
  total_records integer NOT NULL DEFAULT 0,
  total_success integer NOT NULL DEFAULT 0,
  total_error integer NOT NULL DEFAULT 0,
  total_skip integer NOT NULL DEFAULT 0,
  -- staged batches (import_rows.batch 1..batches) and the cursor: batches committed so far; a
  -- batch's people writes and this cursor commit in one transaction (exactly once across crashes)
  batches integer NOT NULL DEFAULT 0,
  batches_done integer NOT NULL DEFAULT 0 CHECK (batches_done <= batches),
  failed_attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (user_id),
  CHECK (total_success + total_error + total_skip <= total_records)
);
CREATE INDEX imports_created ON imports (tenant_id, created_at DESC, id DESC);

-- validated rows of an import, in batches of file order; a batch goes when it is committed
CREATE TABLE import_rows (
  tenant_id bigint NOT NULL,
  import_id bigint NOT NULL,
  batch integer NOT NULL,
  -- JSON of the batch's rows; read once and deleted: stored out of line, not compressed (faster)
  rows text NOT NULL,
  PRIMARY KEY (tenant_id, import_id, batch),
  FOREIGN KEY (tenant_id, import_id) REFERENCES imports (tenant_id, id) ON DELETE CASCADE
);
ALTER TABLE import_rows ALTER COLUMN rows SET STORAGE EXTERNAL;

-- rows that could not be imported ('Logs': 'Cód. Contato' / 'Erro')
CREATE TABLE import_errors (
  tenant_id bigint NOT NULL,
  import_id bigint NOT NULL,
  line integer NOT NULL,
  person_id bigint,
  message text NOT NULL,
  PRIMARY KEY (tenant_id, import_id, line),
  FOREIGN KEY (tenant_id, import_id) REFERENCES imports (tenant_id, id) ON DELETE CASCADE
);

ALTER TABLE imports ENABLE ROW LEVEL SECURITY;
ALTER TABLE imports FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON imports
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE import_rows ENABLE ROW LEVEL SECURITY;
ALTER TABLE import_rows FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON import_rows
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE import_errors ENABLE ROW LEVEL SECURITY;
ALTER TABLE import_errors FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON import_errors
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
