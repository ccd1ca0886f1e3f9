-- The open pixel and the click redirect answer thousands of hits a second. Each lookup and each group
-- write cost four round trips (BEGIN, set_config, the statement, COMMIT); these functions bind what
-- they need themselves, so each is one statement that runs alone (autocommit on PostgreSQL). Both are
-- SECURITY INVOKER: row-level security applies as it did, with the same settings, set LOCAL, for the
-- statement's own transaction only.

-- The recipients of the named link ids, through the shot_link_lookup policy of 0037 (outside any
-- tenant, only the ids named, read only), of active tenants.
CREATE FUNCTION shot_links_find(p_ids text[])
  RETURNS TABLE (link_id text, tenant_id bigint, recipient_id bigint)
  LANGUAGE plpgsql AS $$
BEGIN
  IF app_current_tenant() IS NOT NULL THEN
    RAISE EXCEPTION 'shot_links_find runs outside any tenant';
  END IF;
  PERFORM set_config('app.shot_links', array_to_string(p_ids, ','), true);
  RETURN QUERY
    SELECT r.link_id, r.tenant_id, r.id
    FROM mkt_shot_recipients r
    JOIN tenants t ON t.id = r.tenant_id
    WHERE r.link_id = ANY (p_ids) AND t.active;
END $$;

-- A group of opens and clicks of one tenant's recipients: each hit an event row, and the first open
-- (a click counts as one) and first click set on the recipient. Bound to p_tenant: a recipient of
-- another tenant is not seen, so nothing of it is written. A link hit more than p_max times in
-- p_window_seconds (its events of that window, shared by every server instance) has the extra hits
-- left out: they were answered, they are not recorded (a loop on one link cannot fill the table).
CREATE INDEX mkt_shot_events_recipient ON mkt_shot_events (tenant_id, recipient_id, created_at);

CREATE FUNCTION shot_tracking_record(
  p_tenant bigint, p_recipients bigint[], p_kinds text[], p_urls text[], p_at timestamptz[],
  p_max integer, p_window_seconds integer
) RETURNS void
  LANGUAGE plpgsql AS $$
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
    SELECT e.recipient_id, count(*) AS hits
    FROM mkt_shot_events e
    WHERE e.tenant_id = p_tenant AND e.recipient_id = ANY (p_recipients) AND e.kind IN ('open', 'click')
      AND e.created_at > v_first - make_interval(secs => p_window_seconds)
    GROUP BY e.recipient_id
  )
  INSERT INTO mkt_shot_events (tenant_id, shot_id, recipient_id, kind, url, created_at)
  SELECT r.tenant_id, r.shot_id, r.id, h.kind, h.url, h.at
  FROM hits h
  JOIN mkt_shot_recipients r ON r.tenant_id = p_tenant AND r.id = h.recipient_id
  LEFT JOIN recent ON recent.recipient_id = h.recipient_id
  WHERE h.nth + COALESCE(recent.hits, 0) <= p_max
  ORDER BY h.n;
END $$;
