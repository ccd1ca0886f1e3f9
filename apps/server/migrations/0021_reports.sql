-- The reports (issue 13): 'Total de Cadastros no Mês' and 'Apadrinhados' at a million contacts
-- without counting people rows on each read. Kept by statement triggers in the writing transaction,
-- like people_counts (0008) and the map cells (0018): exact under MVCC, rows upserted in key order
-- so concurrent writers lock them in the same order. The creator is kept (0 for none) because a
-- user without ROLE_CRM_ALL_DATA sees only the people they created, in every figure.
-- (The 'Status da Base' figures are people_counts of 0008, summed per vote.)

-- The month of a creation in the product's time zone (packages/domain common/constants TIME_ZONE).
CREATE FUNCTION report_month(at timestamptz) RETURNS date LANGUAGE sql STABLE STRICT PARALLEL SAFE
  AS $$ SELECT date_trunc('month', at AT TIME ZONE 'America/Sao_Paulo')::date $$;

-- People created per month, per team flag and creator.
CREATE TABLE report_people_months (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  is_team boolean NOT NULL,
  month date NOT NULL,
  -- people.created_by, 0 for none (a key column)
  created_by bigint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, is_team, month, created_by)
);

-- People per godfather (people.godfather_id), per team flag and creator of the affiliate.
CREATE TABLE report_godfather_counts (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  godfather_id bigint NOT NULL,
  is_team boolean NOT NULL,
  created_by bigint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, godfather_id, is_team, created_by)
);

-- People with a goal (influence > 0) per team flag and creator: with the godfathers above, the
-- total of 'Apadrinhados' without counting the people with a goal.
CREATE TABLE report_goal_counts (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  is_team boolean NOT NULL,
  created_by bigint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, is_team, created_by)
);

CREATE FUNCTION report_people_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_people_months AS c (tenant_id, is_team, month, created_by, n)
    SELECT tenant_id, is_team, report_month(created_at), coalesce(created_by, 0), count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, is_team, month, created_by) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO report_godfather_counts AS c (tenant_id, godfather_id, is_team, created_by, n)
    SELECT tenant_id, godfather_id, is_team, coalesce(created_by, 0), count(*)
    FROM new_rows WHERE godfather_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, godfather_id, is_team, created_by) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO report_goal_counts AS c (tenant_id, is_team, created_by, n)
    SELECT tenant_id, is_team, coalesce(created_by, 0), count(*)
    FROM new_rows WHERE influence > 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, is_team, created_by) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE FUNCTION report_people_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_people_months AS c (tenant_id, is_team, month, created_by, n)
    SELECT tenant_id, is_team, report_month(created_at), coalesce(created_by, 0), -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, is_team, month, created_by) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO report_godfather_counts AS c (tenant_id, godfather_id, is_team, created_by, n)
    SELECT tenant_id, godfather_id, is_team, coalesce(created_by, 0), -count(*)
    FROM old_rows WHERE godfather_id IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, godfather_id, is_team, created_by) DO UPDATE SET n = c.n + excluded.n;
  INSERT INTO report_goal_counts AS c (tenant_id, is_team, created_by, n)
    SELECT tenant_id, is_team, coalesce(created_by, 0), -count(*)
    FROM old_rows WHERE influence > 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, is_team, created_by) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

-- Only rows whose team flag, creator, creation time, godfather or goal (influence > 0) changed count: most updates (a
-- vote, a phone) touch none of them. Deleting a godfather sets its affiliates' godfather_id to
-- null through the foreign key, an UPDATE that comes through here too.
CREATE FUNCTION report_people_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT o.tenant_id, o.id,
      (o.is_team, o.created_by, report_month(o.created_at))
        IS DISTINCT FROM (n.is_team, n.created_by, report_month(n.created_at)) AS month_moved,
      (o.is_team, o.created_by, o.godfather_id)
        IS DISTINCT FROM (n.is_team, n.created_by, n.godfather_id) AS godfather_moved,
      (o.is_team, o.created_by, o.influence > 0)
        IS DISTINCT FROM (n.is_team, n.created_by, n.influence > 0) AS goal_moved
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE (o.is_team, o.created_by, o.created_at, o.godfather_id, o.influence > 0)
      IS DISTINCT FROM (n.is_team, n.created_by, n.created_at, n.godfather_id, n.influence > 0)
  ), d AS (
    SELECT o.tenant_id, o.is_team, coalesce(o.created_by, 0) AS created_by, report_month(o.created_at) AS month,
      o.godfather_id, o.influence > 0 AS has_goal, ch.month_moved, ch.godfather_moved, ch.goal_moved, -1 AS d
    FROM old_rows o JOIN changed ch ON ch.tenant_id = o.tenant_id AND ch.id = o.id
    UNION ALL
    SELECT n.tenant_id, n.is_team, coalesce(n.created_by, 0), report_month(n.created_at),
      n.godfather_id, n.influence > 0, ch.month_moved, ch.godfather_moved, ch.goal_moved, 1
    FROM new_rows n JOIN changed ch ON ch.tenant_id = n.tenant_id AND ch.id = n.id
  ), months AS (
    INSERT INTO report_people_months AS c (tenant_id, is_team, month, created_by, n)
      SELECT tenant_id, is_team, month, created_by, sum(d) FROM d WHERE month_moved
      GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (tenant_id, is_team, month, created_by) DO UPDATE SET n = c.n + excluded.n
  ), goals AS (
    INSERT INTO report_goal_counts AS c (tenant_id, is_team, created_by, n)
      SELECT tenant_id, is_team, created_by, sum(d) FROM d WHERE goal_moved AND has_goal
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, is_team, created_by) DO UPDATE SET n = c.n + excluded.n
  )
  INSERT INTO report_godfather_counts AS c (tenant_id, godfather_id, is_team, created_by, n)
    SELECT tenant_id, godfather_id, is_team, created_by, sum(d) FROM d
    WHERE godfather_moved AND godfather_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (tenant_id, godfather_id, is_team, created_by) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;

CREATE TRIGGER report_people_insert AFTER INSERT ON people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_people_inserted();
CREATE TRIGGER report_people_update AFTER UPDATE ON people
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_people_updated();
CREATE TRIGGER report_people_delete AFTER DELETE ON people
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_people_deleted();

-- existing people: the owner is subject to FORCE RLS, so it is lifted inside this transaction only
ALTER TABLE people NO FORCE ROW LEVEL SECURITY;
INSERT INTO report_people_months (tenant_id, is_team, month, created_by, n)
  SELECT tenant_id, is_team, report_month(created_at), coalesce(created_by, 0), count(*)
  FROM people GROUP BY 1, 2, 3, 4;
INSERT INTO report_godfather_counts (tenant_id, godfather_id, is_team, created_by, n)
  SELECT tenant_id, godfather_id, is_team, coalesce(created_by, 0), count(*)
  FROM people WHERE godfather_id IS NOT NULL GROUP BY 1, 2, 3, 4;
INSERT INTO report_goal_counts (tenant_id, is_team, created_by, n)
  SELECT tenant_id, is_team, coalesce(created_by, 0), count(*) FROM people WHERE influence > 0 GROUP BY 1, 2, 3;
ALTER TABLE people FORCE ROW LEVEL SECURITY;

ALTER TABLE report_people_months ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_people_months FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_people_months
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE report_godfather_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_godfather_counts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_godfather_counts
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE report_goal_counts ENABLE ROW LEVEL SECURITY;
ALTER TABLE report_goal_counts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON report_goal_counts
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
