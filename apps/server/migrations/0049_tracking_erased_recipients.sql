-- Issue 38 (item 3): a click's URL is the merged target, so a link such as https://…/?e={{email}}
-- records the person's address in mkt_shot_events.url. Erasing a person (shots.person-data.ts)
-- clears the URLs recorded and empties the recipient's address; the old message's link still
-- redirects, and a click afterwards is now recorded without its URL: an empty address marks an
-- erased recipient. Otherwise shot_tracking_record is 0045's. Written to be re-applied safely.
CREATE OR REPLACE FUNCTION shot_tracking_record(
  p_tenant bigint, p_recipients bigint[], p_kinds text[], p_urls text[], p_at timestamptz[],
  p_max integer, p_window_seconds integer
) RETURNS void
  LANGUAGE plpgsql
  SET enable_seqscan = off
AS $$
DECLARE
  v_clicked bigint[] := ARRAY(SELECT DISTINCT r FROM unnest(p_recipients, p_kinds) AS h(r, k) WHERE k = 'click');
  v_first timestamptz := p_at[1];
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  WITH first_hits AS (
    UPDATE mkt_shot_recipients
    SET opened_at = COALESCE(opened_at, v_first),
      clicked_at = CASE WHEN id = ANY (v_clicked) THEN COALESCE(clicked_at, v_first) ELSE clicked_at END
    WHERE tenant_id = p_tenant AND id = ANY (p_recipients)
      AND (opened_at IS NULL OR (clicked_at IS NULL AND id = ANY (v_clicked)))
  ), hits AS (
    SELECT i.*, row_number() OVER (PARTITION BY i.recipient_id ORDER BY i.n) AS nth
    FROM unnest(p_recipients, p_kinds, p_urls, p_at) WITH ORDINALITY AS i(recipient_id, kind, url, at, n)
  ), recent AS (
    SELECT d.recipient_id, c.hits
    FROM (SELECT DISTINCT unnest(p_recipients) AS recipient_id) d
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE l.created_at > v_first - make_interval(secs => p_window_seconds)) AS hits
      FROM (
        SELECT e.created_at
        FROM mkt_shot_events e
        WHERE e.tenant_id = p_tenant AND e.recipient_id = d.recipient_id AND e.kind IN ('open', 'click')
        ORDER BY e.created_at DESC
        LIMIT p_max
      ) l
    ) c
  )
  INSERT INTO mkt_shot_events (tenant_id, shot_id, recipient_id, kind, url, created_at)
  SELECT r.tenant_id, r.shot_id, r.id, h.kind, CASE WHEN r.address <> '' THEN h.url END, h.at
  FROM hits h
  JOIN mkt_shot_recipients r ON r.tenant_id = p_tenant AND r.id = h.recipient_id
  JOIN recent ON recent.recipient_id = h.recipient_id
  WHERE h.nth + recent.hits <= p_max
  ORDER BY h.n;
END $$;

-- The URLs recorded for recipients erased before this migration. The owner is subject to FORCE RLS
-- on PostgreSQL: lifted inside this transaction only (as 0036 and 0046 do).
ALTER TABLE mkt_shot_recipients NO FORCE ROW LEVEL SECURITY;
ALTER TABLE mkt_shot_events NO FORCE ROW LEVEL SECURITY;

UPDATE mkt_shot_events e SET url = NULL
FROM mkt_shot_recipients r
WHERE r.tenant_id = e.tenant_id AND r.id = e.recipient_id AND r.address = '' AND e.url IS NOT NULL;

ALTER TABLE mkt_shot_recipients FORCE ROW LEVEL SECURITY;
ALTER TABLE mkt_shot_events FORCE ROW LEVEL SECURITY;
