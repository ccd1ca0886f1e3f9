-- Search conditions that row-level security lets the planner push into an index.
-- Under FORCE ROW LEVEL SECURITY a filter of the query is only used as an index condition when all
-- of its functions are LEAKPROOF; only a superuser can mark a function so. Built-in comparisons
-- (int, date, text =, ^@) are leakproof; LIKE, &&, @>, search_norm() and birth_md() are not. So the
-- birthday becomes a stored column and tags a table of (tag, person) pairs, both compared with
-- leakproof btree operators (docs/decisions.md, "Limite conhecido — RLS e funções não LEAKPROOF").

-- Birthday (month * 100 + day), stored: compared as smallint, index friendly under RLS.
ALTER TABLE people ADD COLUMN birth_md smallint GENERATED ALWAYS AS (birth_md(birth_date)) STORED;
DROP INDEX people_birth_md;
CREATE INDEX people_birth_md ON people (tenant_id, is_team, birth_md) WHERE birth_md IS NOT NULL;

-- Tags of a person, one row per (tag, person): IN and IN_ALL become btree equality semi-joins.
-- Kept equal to people.tag_ids by the statement triggers below, in the writing transaction.
-- (tenant_id leads every key; deletes follow people through ON DELETE CASCADE.)
CREATE TABLE person_tags (
  tenant_id bigint NOT NULL,
  tag_id bigint NOT NULL,
  person_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, tag_id, person_id),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX person_tags_person ON person_tags (tenant_id, person_id);

-- Words of the normalised name (search_norm split on white space) for name CONTAINS: the words of
-- the tenant holding a letter run of the value are found in the small dictionary name_words (a
-- LIKE there is cheap), their people in person_name_words by btree equality; the original
-- condition then checks those candidates only. Words no longer used stay in name_words (harmless).
CREATE TABLE name_words (
  tenant_id bigint NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (tenant_id, word)
);
CREATE TABLE person_name_words (
  tenant_id bigint NOT NULL,
  word text NOT NULL,
  person_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, word, person_id),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX person_name_words_person ON person_name_words (tenant_id, person_id);

-- Statement triggers (transition tables): one pass per statement, also for bulk loads.
CREATE FUNCTION people_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO person_tags (tenant_id, tag_id, person_id)
    SELECT DISTINCT n.tenant_id, t.tag_id, n.id FROM new_rows n, unnest(n.tag_ids) AS t (tag_id)
    ON CONFLICT DO NOTHING;
  WITH w AS (
    SELECT DISTINCT n.tenant_id, w.word, n.id AS person_id
    FROM new_rows n, regexp_split_to_table(search_norm(n.name), '\s+') AS w (word) WHERE w.word <> ''
  ), d AS (
    INSERT INTO name_words (tenant_id, word) SELECT DISTINCT tenant_id, word FROM w ON CONFLICT DO NOTHING
  )
  INSERT INTO person_name_words (tenant_id, word, person_id) SELECT * FROM w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION people_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- tags: remove the ones dropped, add the new ones
  DELETE FROM person_tags pt
    USING old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE o.tag_ids IS DISTINCT FROM n.tag_ids
      AND pt.tenant_id = n.tenant_id AND pt.person_id = n.id AND pt.tag_id <> ALL (n.tag_ids);
  INSERT INTO person_tags (tenant_id, tag_id, person_id)
    SELECT DISTINCT n.tenant_id, t.tag_id, n.id
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id, unnest(n.tag_ids) AS t (tag_id)
    WHERE o.tag_ids IS DISTINCT FROM n.tag_ids
    ON CONFLICT DO NOTHING;
  -- name words: replaced when the name changes
  DELETE FROM person_name_words pw
    USING old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE o.name IS DISTINCT FROM n.name AND pw.tenant_id = n.tenant_id AND pw.person_id = n.id;
  WITH w AS (
    SELECT DISTINCT n.tenant_id, w.word, n.id AS person_id
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id,
      regexp_split_to_table(search_norm(n.name), '\s+') AS w (word)
    WHERE o.name IS DISTINCT FROM n.name AND w.word <> ''
  ), d AS (
    INSERT INTO name_words (tenant_id, word) SELECT DISTINCT tenant_id, word FROM w ON CONFLICT DO NOTHING
  )
  INSERT INTO person_name_words (tenant_id, word, person_id) SELECT * FROM w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER people_search_insert AFTER INSERT ON people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION people_search_inserted();
CREATE TRIGGER people_search_update AFTER UPDATE ON people
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_search_updated();

-- existing rows: the owner is subject to FORCE RLS, so it is lifted inside this transaction only
ALTER TABLE people NO FORCE ROW LEVEL SECURITY;
INSERT INTO person_tags (tenant_id, tag_id, person_id)
  SELECT DISTINCT p.tenant_id, t.tag_id, p.id FROM people p, unnest(p.tag_ids) AS t (tag_id);
INSERT INTO person_name_words (tenant_id, word, person_id)
  SELECT DISTINCT p.tenant_id, w.word, p.id
  FROM people p, regexp_split_to_table(search_norm(p.name), '\s+') AS w (word) WHERE w.word <> '';
INSERT INTO name_words (tenant_id, word) SELECT DISTINCT tenant_id, word FROM person_name_words;
ALTER TABLE people FORCE ROW LEVEL SECURITY;

ALTER TABLE person_tags ENABLE ROW LEVEL SECURITY;
ALTER TABLE person_tags FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON person_tags
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE name_words ENABLE ROW LEVEL SECURITY;
ALTER TABLE name_words FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON name_words
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE person_name_words ENABLE ROW LEVEL SECURITY;
ALTER TABLE person_name_words FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON person_name_words
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- PGlite's session is a superuser: there our own functions are marked LEAKPROOF (no error or
-- other channel depends on the value). A PostgreSQL server keeps them as they are.
DO $$
BEGIN
  IF current_setting('is_superuser') = 'on' THEN
    ALTER FUNCTION search_norm(text) LEAKPROOF;
    ALTER FUNCTION birth_md(date) LEAKPROOF;
  END IF;
END $$;
