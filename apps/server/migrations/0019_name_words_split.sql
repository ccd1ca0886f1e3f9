-- The name words of the search triggers (0006/0009/0011), split without a regular expression:
-- regexp_split_to_table cost about 30 ms of the 130 ms the insert trigger spends on 1,000 people
-- (issue 11, import speed). White space (space, tab, line breaks, form feed, vertical tab) becomes
-- a space and the name is cut at spaces; empty words are dropped as before. Which characters split
-- does not change what name CONTAINS finds: a letter run never holds a separator, so it lies in
-- the name exactly when it lies in one of its words (compile-filter.ts nameWords). The functions
-- are replaced whole, as 0011 did; only the word split differs.
CREATE OR REPLACE FUNCTION people_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO person_tags (tenant_id, tag_id, person_id, is_team, created_by)
    SELECT DISTINCT n.tenant_id, t.tag_id, n.id, n.is_team, n.created_by
    FROM new_rows n, unnest(n.tag_ids) AS t (tag_id)
    ON CONFLICT DO NOTHING;
  WITH w AS (
    SELECT DISTINCT n.tenant_id, w.word, n.id AS person_id, n.is_team, n.created_by
    FROM new_rows n, unnest(string_to_array(translate(search_norm(n.name), E'\t\n\r\f\x0B', '     '), ' ')) AS w (word) WHERE w.word <> ''
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
      unnest(string_to_array(translate(search_norm(n.name), E'\t\n\r\f\x0B', '     '), ' ')) AS w (word)
    WHERE o.name IS DISTINCT FROM n.name AND w.word <> ''
  ), d AS (
    INSERT INTO name_words (tenant_id, word) SELECT DISTINCT tenant_id, word FROM w ON CONFLICT DO NOTHING
  )
  INSERT INTO person_name_words (tenant_id, word, person_id, is_team, created_by)
    SELECT * FROM w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
