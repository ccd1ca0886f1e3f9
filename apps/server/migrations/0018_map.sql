-- The people map (issue 12): pins are cells of a grid matched to the zoom (zoom z: squares of
-- 90 / 2^z degrees, rows from latitude -90, columns from longitude -180; each zoom's cells are the
-- four quarters of the previous one's). Counting a million people per view would take 300-400 ms,
-- so the people of each cell of two grids — zoom 8 (0.35°, the country and its states) and
-- zoom 12 (0.022°, a city) — are kept here per (team?, creator, vote) with the sums of their
-- coordinates (a pin stands at its people's mean point). A view at zoom z <= 12 sums the cells of
-- the finer kept grid below it (exact: cells nest); so do views filtered by votes and/or one tag,
-- from the same cells kept per tag (people_map_tag_cells). Zoom > 12 and other filters read people
-- (index below). Kept by statement triggers in the writing transaction, like people_counts (0008);
-- rows are upserted in key order so concurrent writers lock them in the same order.
CREATE TABLE people_map_cells (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  level smallint NOT NULL,
  is_team boolean NOT NULL,
  -- people.created_by, 0 for none (a key column)
  created_by bigint NOT NULL,
  cell_row integer NOT NULL,
  cell_col integer NOT NULL,
  vote text NOT NULL,
  n bigint NOT NULL,
  sum_lat double precision NOT NULL,
  sum_lon double precision NOT NULL,
  PRIMARY KEY (tenant_id, level, is_team, cell_row, cell_col, vote, created_by)
);

-- The grid levels kept and the cell of a coordinate at a level (the server computes the same).
CREATE FUNCTION map_cell(coordinate double precision, origin double precision, level integer)
  RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT floor((coordinate + origin) / (90 / power(2, level)))::integer $$;

-- The same per tag of the person (people.tag_ids): the map of a vote and/or one tag — the filters
-- a campaign map uses most — is also read from kept cells.
CREATE TABLE people_map_tag_cells (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  level smallint NOT NULL,
  tag_id bigint NOT NULL,
  is_team boolean NOT NULL,
  created_by bigint NOT NULL,
  cell_row integer NOT NULL,
  cell_col integer NOT NULL,
  vote text NOT NULL,
  n bigint NOT NULL,
  sum_lat double precision NOT NULL,
  sum_lon double precision NOT NULL,
  PRIMARY KEY (tenant_id, level, tag_id, is_team, cell_row, cell_col, vote, created_by)
);

CREATE FUNCTION people_map_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO people_map_cells AS c
    (tenant_id, level, is_team, created_by, cell_row, cell_col, vote, n, sum_lat, sum_lon)
    SELECT r.tenant_id, l.level, r.is_team, coalesce(r.created_by, 0),
      map_cell(r.latitude, 90, l.level), map_cell(r.longitude, 180, l.level), r.vote,
      count(*), sum(r.latitude), sum(r.longitude)
    FROM new_rows r, (VALUES (8), (12)) AS l (level)
    WHERE r.latitude IS NOT NULL AND r.longitude IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 5, 6, 7, 4
    ON CONFLICT (tenant_id, level, is_team, cell_row, cell_col, vote, created_by) DO UPDATE
      SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lon = c.sum_lon + excluded.sum_lon;
  INSERT INTO people_map_tag_cells AS c
    (tenant_id, level, tag_id, is_team, created_by, cell_row, cell_col, vote, n, sum_lat, sum_lon)
    SELECT r.tenant_id, l.level, t.tag_id, r.is_team, coalesce(r.created_by, 0),
      map_cell(r.latitude, 90, l.level), map_cell(r.longitude, 180, l.level), r.vote,
      count(*), sum(r.latitude), sum(r.longitude)
    FROM new_rows r, unnest(r.tag_ids) AS t (tag_id), (VALUES (8), (12)) AS l (level)
    WHERE r.latitude IS NOT NULL AND r.longitude IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 6, 7, 8, 5
    ON CONFLICT (tenant_id, level, tag_id, is_team, cell_row, cell_col, vote, created_by) DO UPDATE
      SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lon = c.sum_lon + excluded.sum_lon;
  RETURN NULL;
END $$;

CREATE FUNCTION people_map_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO people_map_cells AS c
    (tenant_id, level, is_team, created_by, cell_row, cell_col, vote, n, sum_lat, sum_lon)
    SELECT r.tenant_id, l.level, r.is_team, coalesce(r.created_by, 0),
      map_cell(r.latitude, 90, l.level), map_cell(r.longitude, 180, l.level), r.vote,
      -count(*), -sum(r.latitude), -sum(r.longitude)
    FROM old_rows r, (VALUES (8), (12)) AS l (level)
    WHERE r.latitude IS NOT NULL AND r.longitude IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 5, 6, 7, 4
    ON CONFLICT (tenant_id, level, is_team, cell_row, cell_col, vote, created_by) DO UPDATE
      SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lon = c.sum_lon + excluded.sum_lon;
  INSERT INTO people_map_tag_cells AS c
    (tenant_id, level, tag_id, is_team, created_by, cell_row, cell_col, vote, n, sum_lat, sum_lon)
    SELECT r.tenant_id, l.level, t.tag_id, r.is_team, coalesce(r.created_by, 0),
      map_cell(r.latitude, 90, l.level), map_cell(r.longitude, 180, l.level), r.vote,
      -count(*), -sum(r.latitude), -sum(r.longitude)
    FROM old_rows r, unnest(r.tag_ids) AS t (tag_id), (VALUES (8), (12)) AS l (level)
    WHERE r.latitude IS NOT NULL AND r.longitude IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 6, 7, 8, 5
    ON CONFLICT (tenant_id, level, tag_id, is_team, cell_row, cell_col, vote, created_by) DO UPDATE
      SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lon = c.sum_lon + excluded.sum_lon;
  RETURN NULL;
END $$;

-- Only the rows whose point, vote, team flag, creator (or, for the tag cells, tags) changed count:
-- most updates touch none of them.
CREATE FUNCTION people_map_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT o.tenant_id, o.id,
      (o.latitude, o.longitude, o.vote, o.is_team, o.created_by)
        IS DISTINCT FROM (n.latitude, n.longitude, n.vote, n.is_team, n.created_by) AS moved
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE (o.latitude, o.longitude, o.vote, o.is_team, o.created_by, o.tag_ids)
      IS DISTINCT FROM (n.latitude, n.longitude, n.vote, n.is_team, n.created_by, n.tag_ids)
  ), d AS (
    SELECT o.tenant_id, o.is_team, o.created_by, o.latitude, o.longitude, o.vote, o.tag_ids, ch.moved, -1 AS d
    FROM old_rows o JOIN changed ch ON ch.tenant_id = o.tenant_id AND ch.id = o.id
    WHERE o.latitude IS NOT NULL AND o.longitude IS NOT NULL
    UNION ALL
    SELECT n.tenant_id, n.is_team, n.created_by, n.latitude, n.longitude, n.vote, n.tag_ids, ch.moved, 1 AS d
    FROM new_rows n JOIN changed ch ON ch.tenant_id = n.tenant_id AND ch.id = n.id
    WHERE n.latitude IS NOT NULL AND n.longitude IS NOT NULL
  ), cells AS (
    INSERT INTO people_map_cells AS c
      (tenant_id, level, is_team, created_by, cell_row, cell_col, vote, n, sum_lat, sum_lon)
      SELECT r.tenant_id, l.level, r.is_team, coalesce(r.created_by, 0),
        map_cell(r.latitude, 90, l.level), map_cell(r.longitude, 180, l.level), r.vote,
        sum(r.d), sum(r.latitude * r.d), sum(r.longitude * r.d)
      FROM d r, (VALUES (8), (12)) AS l (level)
      WHERE r.moved
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 5, 6, 7, 4
      ON CONFLICT (tenant_id, level, is_team, cell_row, cell_col, vote, created_by) DO UPDATE
        SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lon = c.sum_lon + excluded.sum_lon
  )
  INSERT INTO people_map_tag_cells AS c
    (tenant_id, level, tag_id, is_team, created_by, cell_row, cell_col, vote, n, sum_lat, sum_lon)
    SELECT r.tenant_id, l.level, t.tag_id, r.is_team, coalesce(r.created_by, 0),
      map_cell(r.latitude, 90, l.level), map_cell(r.longitude, 180, l.level), r.vote,
      sum(r.d), sum(r.latitude * r.d), sum(r.longitude * r.d)
    FROM d r, unnest(r.tag_ids) AS t (tag_id), (VALUES (8), (12)) AS l (level)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 6, 7, 8, 5
    ON CONFLICT (tenant_id, level, tag_id, is_team, cell_row, cell_col, vote, created_by) DO UPDATE
      SET n = c.n + excluded.n, sum_lat = c.sum_lat + excluded.sum_lat, sum_lon = c.sum_lon + excluded.sum_lon;
  RETURN NULL;
END $$;

CREATE TRIGGER people_map_insert AFTER INSERT ON people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_map_inserted();
CREATE TRIGGER people_map_update AFTER UPDATE ON people
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_map_updated();
CREATE TRIGGER people_map_delete AFTER DELETE ON people
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION people_map_deleted();

-- existing people: the owner is subject to FORCE RLS, so it is lifted inside this transaction only
ALTER TABLE people NO FORCE ROW LEVEL SECURITY;
INSERT INTO people_map_cells (tenant_id, level, is_team, created_by, cell_row, cell_col, vote, n, sum_lat, sum_lon)
  SELECT r.tenant_id, l.level, r.is_team, coalesce(r.created_by, 0),
    map_cell(r.latitude, 90, l.level), map_cell(r.longitude, 180, l.level), r.vote,
    count(*), sum(r.latitude), sum(r.longitude)
  FROM people r, (VALUES (8), (12)) AS l (level)
  WHERE r.latitude IS NOT NULL AND r.longitude IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
INSERT INTO people_map_tag_cells
  (tenant_id, level, tag_id, is_team, created_by, cell_row, cell_col, vote, n, sum_lat, sum_lon)
  SELECT r.tenant_id, l.level, t.tag_id, r.is_team, coalesce(r.created_by, 0),
    map_cell(r.latitude, 90, l.level), map_cell(r.longitude, 180, l.level), r.vote,
    count(*), sum(r.latitude), sum(r.longitude)
  FROM people r, unnest(r.tag_ids) AS t (tag_id), (VALUES (8), (12)) AS l (level)
  WHERE r.latitude IS NOT NULL AND r.longitude IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
ALTER TABLE people FORCE ROW LEVEL SECURITY;

ALTER TABLE people_map_cells ENABLE ROW LEVEL SECURITY;
ALTER TABLE people_map_cells FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_map_cells
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE people_map_tag_cells ENABLE ROW LEVEL SECURITY;
ALTER TABLE people_map_tag_cells FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_map_tag_cells
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Views finer than zoom 12, filtered views and a pin's people: the points of a viewport or cell as
-- an index range (float comparisons are leakproof, so they stay index conditions under FORCE RLS),
-- with what the grouping needs (and the id, for filters that are id lists: tags, name words) read
-- from the index alone.
CREATE INDEX people_map_points ON people (tenant_id, is_team, latitude, longitude) INCLUDE (vote, created_by, id)
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
