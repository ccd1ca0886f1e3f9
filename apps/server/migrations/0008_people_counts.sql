-- Exact totals of the lists opened most — all contacts, the team, one vote — without counting rows
-- (docs/decisions.md, "Contadores por delta"). Every statement that writes people adds, in the same
-- transaction, one row per (tenant, team?, creator, vote) it changed with the difference in n; a
-- total is the sum of the rows its snapshot sees, so it is exact under MVCC like count(*). A job
-- folds a tenant's rows into one per group now and then (PeopleCounts, compact).
CREATE TABLE people_counts (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  is_team boolean NOT NULL,
  created_by bigint,
  vote text NOT NULL,
  n bigint NOT NULL
);
CREATE INDEX people_counts_group ON people_counts (tenant_id, is_team, vote, created_by);

CREATE FUNCTION people_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO people_counts (tenant_id, is_team, created_by, vote, n)
    SELECT tenant_id, is_team, created_by, vote, count(*) FROM new_rows GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

CREATE FUNCTION people_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO people_counts (tenant_id, is_team, created_by, vote, n)
    SELECT tenant_id, is_team, created_by, vote, sum(d) FROM (
      SELECT tenant_id, is_team, created_by, vote, -1 AS d FROM old_rows
      UNION ALL
      SELECT tenant_id, is_team, created_by, vote, 1 AS d FROM new_rows
    ) AS changes
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION people_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO people_counts (tenant_id, is_team, created_by, vote, n)
    SELECT tenant_id, is_team, created_by, vote, -count(*) FROM old_rows GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

CREATE TRIGGER people_counts_insert AFTER INSERT ON people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_counts_inserted();
CREATE TRIGGER people_counts_update AFTER UPDATE ON people
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_counts_updated();
CREATE TRIGGER people_counts_delete AFTER DELETE ON people
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION people_counts_deleted();

-- existing people: the owner is subject to FORCE RLS, so it is lifted inside this transaction only
ALTER TABLE people NO FORCE ROW LEVEL SECURITY;
INSERT INTO people_counts (tenant_id, is_team, created_by, vote, n)
  SELECT tenant_id, is_team, created_by, vote, count(*) FROM people GROUP BY 1, 2, 3, 4;
ALTER TABLE people FORCE ROW LEVEL SECURITY;

ALTER TABLE people_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE people_counts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_counts
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
