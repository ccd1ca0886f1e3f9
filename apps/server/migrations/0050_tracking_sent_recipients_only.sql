-- Issue 39 (item 3): a message that bounced or failed was never read, so a hit of its pixel or of a
-- click link (an outbox preview, a scanner, a client that fetched it before the bounce came back) is
-- not an open or a click. Only a recipient whose message went out and did not come back (status
-- SENT) is recorded: its first open and click, and the event row. Otherwise shot_tracking_record is
-- 0049's. The report counts SENT recipients only as well (shots.repository.ts), so an open recorded
-- before a late bounce is not counted either. Written to be re-applied safely.
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
    WHERE tenant_id = p_tenant AND id = ANY (p_recipients) AND status = 'SENT'
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
  JOIN mkt_shot_recipients r ON r.tenant_id = p_tenant AND r.id = h.recipient_id AND r.status = 'SENT'
  JOIN recent ON recent.recipient_id = h.recipient_id
  WHERE h.nth + recent.hits <= p_max
  ORDER BY h.n;
END $$;
