-- Duplicates centre (issue 31): contacts that look like the same person, and their merges.
--
-- Candidate groups are found by a queued job, not at each page: grouping 1,000,000 contacts by four
-- keys takes seconds (bench:duplicates), a page must answer in milliseconds. The job builds a new
-- generation key by key (each step one transaction that commits its rows with the step it reached,
-- so a job that dies resumes there), then joins the groups of the same people into one scored row
-- and makes that generation the one the list reads. It runs again when people changed since
-- (people_versions of 0007, raised by every statement that writes people).

-- One row per tenant: the generation the list shows and the build under way.
CREATE TABLE people_duplicate_refreshes (
  tenant_id bigint PRIMARY KEY REFERENCES tenants (id),
  -- the generation the list reads (0: none built yet)
  generation bigint NOT NULL DEFAULT 0,
  -- people_versions.version when that generation's build started
  people_version bigint,
  refreshed_at timestamptz,
  -- groups in that generation: the list's total without counting them on every page (a merge
  -- subtracts the groups it removes)
  groups integer NOT NULL DEFAULT 0,
  -- the build under way (null: none) and its next step
  building bigint,
  building_version bigint,
  step text CHECK (step IN ('CPF', 'EMAIL', 'MOBILE', 'NAME_BIRTH', 'COMBINE')),
  requested_at timestamptz
);

-- The groups of one key found by a build step (people sharing one value of the key), before the
-- groups of the same people are joined.
CREATE TABLE people_duplicate_keys (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  generation bigint NOT NULL,
  key text NOT NULL CHECK (key IN ('CPF', 'EMAIL', 'MOBILE', 'NAME_BIRTH')),
  -- the people, in id order (so the same people make the same array under every key)
  person_ids bigint[] NOT NULL,
  -- the creator all of them share (null: created by different users or by none)
  owner_id bigint
);
CREATE INDEX people_duplicate_keys_build ON people_duplicate_keys (tenant_id, generation, key);

-- The candidate groups the list pages through, best score first.
CREATE TABLE people_duplicates (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  generation bigint NOT NULL,
  -- the strongest key shared, and all of them strongest first
  key text NOT NULL CHECK (key IN ('CPF', 'EMAIL', 'MOBILE', 'NAME_BIRTH')),
  keys text[] NOT NULL,
  score smallint NOT NULL CHECK (score BETWEEN 0 AND 100),
  person_ids bigint[] NOT NULL,
  -- the creator all of them share: a user who sees only their own contacts sees only these groups
  owner_id bigint,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX people_duplicates_page ON people_duplicates (tenant_id, generation, score DESC, id);
CREATE INDEX people_duplicates_owner ON people_duplicates (tenant_id, generation, owner_id, score DESC, id);

-- A merge, kept 30 days so it can be undone exactly: the rows of the people merged (deleted), the
-- survivor as it was, the keys of every row moved to the survivor (with the person it came from)
-- and every row removed because the survivor already had its unique key. The ids are plain columns,
-- not foreign keys: the merged people no longer exist, and the survivor may go (then no undo).
CREATE TABLE person_merges (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  survivor_id bigint NOT NULL,
  merged_ids bigint[] NOT NULL,
  -- to_jsonb(people) of the survivor before the merge and of each merged person
  survivor_before jsonb NOT NULL,
  merged_rows jsonb NOT NULL,
  -- the survivor's columns the merge changed (restored by the undo)
  changed_columns text[] NOT NULL,
  -- {"<table>.<column>": [<primary key columns and the column as it was>, …]}
  moved jsonb NOT NULL DEFAULT '{}',
  -- {"<table>": [<whole row>, …]}
  removed jsonb NOT NULL DEFAULT '{}',
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  undone_at timestamptz,
  undone_by bigint,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by),
  FOREIGN KEY (tenant_id, undone_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (undone_by)
);
CREATE INDEX person_merges_created ON person_merges (tenant_id, created_at);

ALTER TABLE people_duplicate_refreshes ENABLE ROW LEVEL SECURITY;
ALTER TABLE people_duplicate_refreshes FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_duplicate_refreshes
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE people_duplicate_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE people_duplicate_keys FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_duplicate_keys
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE people_duplicates ENABLE ROW LEVEL SECURITY;
ALTER TABLE people_duplicates FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_duplicates
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE person_merges ENABLE ROW LEVEL SECURITY;
ALTER TABLE person_merges FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON person_merges
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
