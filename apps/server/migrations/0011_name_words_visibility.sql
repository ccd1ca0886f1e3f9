-- Totals of a one-word name search (name CONTAINS 'silva') counted on person_name_words without
-- reading people, as 0009 did for tags: each (word, person) row carries the person's is_team and
-- created_by, kept by the statement triggers of 0006/0009, redefined here whole (a function is
-- replaced whole; docs/decisions.md, "Nome de uma palavra").
ALTER TABLE person_name_words ADD COLUMN is_team boolean NOT NULL DEFAULT false;
ALTER TABLE person_name_words ADD COLUMN created_by bigint;

CREATE OR REPLACE FUNCTION people_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO person_tags (tenant_id, tag_id, person_id, is_team, created_by)
    SELECT DISTINCT n.tenant_id, t.tag_id, n.id, n.is_team, n.created_by
    FROM new_rows n, unnest(n.tag_ids) AS t (tag_id)
    ON CONFLICT DO NOTHING;
  WITH w AS (
    SELECT DISTINCT n.tenant_id, w.word, n.id AS person_id, n.is_team, n.created_by
    FROM new_rows n, regexp_split_to_table(search_norm(n.name), '\s+') AS w (word) WHERE w.word <> ''
  ), d AS (
    INSERT INTO name_words (tenant_id, word) SELECT DISTINCT tenant_id, word FROM w ON CONFLICT DO NOTHING
  )
  INSERT INTO person_name_words (tenant_id, word, person_id, is_team, created_by)
    SELECT * FROM w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION people_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- tags: remove the ones dropped, add the new ones
  DELETE FROM person_tags pt
    USING old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE o.tag_ids IS DISTINCT FROM n.tag_ids
      AND pt.tenant_id = n.tenant_id AND pt.person_id = n.id AND pt.tag_id <> ALL (n.tag_ids);
  INSERT INTO person_tags (tenant_id, tag_id, person_id, is_team, created_by)
    SELECT DISTINCT n.tenant_id, t.tag_id, n.id, n.is_team, n.created_by
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id, unnest(n.tag_ids) AS t (tag_id)
    WHERE o.tag_ids IS DISTINCT FROM n.tag_ids
    ON CONFLICT DO NOTHING;
  -- tags and name words of people who joined or left the team, or changed creator
  UPDATE person_tags pt SET is_team = n.is_team, created_by = n.created_by
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE (o.is_team, o.created_by) IS DISTINCT FROM (n.is_team, n.created_by)
      AND pt.tenant_id = n.tenant_id AND pt.person_id = n.id;
  UPDATE person_name_words pw SET is_team = n.is_team, created_by = n.created_by
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE (o.is_team, o.created_by) IS DISTINCT FROM (n.is_team, n.created_by)
      AND o.name IS NOT DISTINCT FROM n.name AND pw.tenant_id = n.tenant_id AND pw.person_id = n.id;
  -- name words: replaced when the name changes
  DELETE FROM person_name_words pw
    USING old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id
    WHERE o.name IS DISTINCT FROM n.name AND pw.tenant_id = n.tenant_id AND pw.person_id = n.id;
  WITH w AS (
    SELECT DISTINCT n.tenant_id, w.word, n.id AS person_id, n.is_team, n.created_by
    FROM old_rows o JOIN new_rows n ON n.tenant_id = o.tenant_id AND n.id = o.id,
      regexp_split_to_table(search_norm(n.name), '\s+') AS w (word)
    WHERE o.name IS DISTINCT FROM n.name AND w.word <> ''
  ), d AS (
    INSERT INTO name_words (tenant_id, word) SELECT DISTINCT tenant_id, word FROM w ON CONFLICT DO NOTHING
  )
  INSERT INTO person_name_words (tenant_id, word, person_id, is_team, created_by)
    SELECT * FROM w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- existing rows: the owner is subject to FORCE RLS, so it is lifted inside this transaction only
ALTER TABLE people NO FORCE ROW LEVEL SECURITY;
ALTER TABLE person_name_words NO FORCE ROW LEVEL SECURITY;
UPDATE person_name_words pw SET is_team = p.is_team, created_by = p.created_by
  FROM people p
  WHERE p.tenant_id = pw.tenant_id AND p.id = pw.person_id AND (p.is_team OR p.created_by IS NOT NULL);
ALTER TABLE person_name_words FORCE ROW LEVEL SECURITY;
ALTER TABLE people FORCE ROW LEVEL SECURITY;

CREATE INDEX person_name_words_visible ON person_name_words (tenant_id, word, is_team, created_by, person_id);
