-- Exact totals of people searches without recounting on every page (docs/decisions.md, "Totais
-- exatos em cache por versão").
-- Every statement that writes people raises its tenant's version in the same transaction, so a
-- total counted in a snapshot that saw version V is exact for every later snapshot that sees V.
-- The server keeps such totals keyed by (tenant, version, query); a write makes them unreachable.
CREATE TABLE people_versions (
  tenant_id bigint PRIMARY KEY REFERENCES tenants (id),
  version bigint NOT NULL DEFAULT 1
);
ALTER TABLE people_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE people_versions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_versions
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Tenant work always runs with app.tenant_id set (withTenant) and row-level security keeps its
-- writes inside that tenant. Owner maintenance that lifts row-level security to write people of
-- several tenants (as 0006 did) must raise their versions itself, or restart the servers.
CREATE FUNCTION people_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant bigint := app_current_tenant();
BEGIN
  IF tenant IS NOT NULL THEN
    INSERT INTO people_versions AS v (tenant_id) VALUES (tenant)
      ON CONFLICT (tenant_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER people_bump_version AFTER INSERT OR UPDATE OR DELETE ON people
  FOR EACH STATEMENT EXECUTE FUNCTION people_bump_version();

-- Sorting by vote or influence breaks ties by name (then id): the people of one vote read
-- alphabetically, and a vote filter ordered by name walks one index range (deep pages included).
DROP INDEX people_sort_vote;
CREATE INDEX people_sort_vote ON people (tenant_id, is_team, vote, name, id);
DROP INDEX people_sort_influence;
CREATE INDEX people_sort_influence ON people (tenant_id, is_team, influence, name, id);

-- Filters answered from other tables (tags, name words) meet people by id: with the columns of
-- visibility and of the default sort in the key index, those rows are read from the index alone.
CREATE INDEX people_id_visibility ON people (tenant_id, id) INCLUDE (is_team, created_by, name);
