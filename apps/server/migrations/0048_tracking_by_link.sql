-- The open pixel and the click redirect (issue 26, bench:tracking on two cores): a first hit cost two
-- round trips, one to find the link's recipient and tenant, one to write; and each event row paid for
-- two foreign-key checks and each first open for a new index entry in every index of the recipients.

-- One statement per batch: the hits by link id, found through shot_links_find (the narrow policy,
-- outside any tenant, active tenants only) before any tenant is bound, then each tenant's hits written
-- by shot_tracking_record (0045) bound to that tenant, tenants in id order (two batches at once lock
-- in the same order). Ids that name no recipient are left out.
CREATE FUNCTION shot_tracking_record_links(
  p_links text[], p_kinds text[], p_urls text[], p_at timestamptz[], p_max integer, p_window_seconds integer
) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  v_links text[];
  v_tenants bigint[];
  v_recipients bigint[];
  v_group record;
BEGIN
  -- found first, whole: the lookup policy holds only while no tenant is bound
  SELECT array_agg(f.link_id), array_agg(f.tenant_id), array_agg(f.recipient_id)
    INTO v_links, v_tenants, v_recipients
    FROM shot_links_find(p_links) f;
  IF v_links IS NULL THEN
    RETURN;
  END IF;
  FOR v_group IN
    SELECT f.tenant_id,
      array_agg(f.recipient_id ORDER BY h.n) AS recipients,
      array_agg(h.kind ORDER BY h.n) AS kinds,
      array_agg(h.url ORDER BY h.n) AS urls,
      array_agg(h.at ORDER BY h.n) AS ats
    FROM unnest(p_links, p_kinds, p_urls, p_at) WITH ORDINALITY AS h(link_id, kind, url, at, n)
    JOIN unnest(v_links, v_tenants, v_recipients) AS f(link_id, tenant_id, recipient_id) ON f.link_id = h.link_id
    GROUP BY f.tenant_id
    ORDER BY f.tenant_id
  LOOP
    PERFORM shot_tracking_record(v_group.tenant_id, v_group.recipients, v_group.kinds, v_group.urls,
      v_group.ats, p_max, p_window_seconds);
  END LOOP;
END $$;

-- An event's tenant is its recipient's (the key (tenant_id, recipient_id) references the recipient,
-- whose own key references the tenant): the direct reference checked the same tenant row again for
-- every event written.
ALTER TABLE mkt_shot_events DROP CONSTRAINT mkt_shot_events_tenant_id_fkey;

-- Room on each page for a recipient's later versions (delivered, opened, clicked: columns no index
-- holds), so those updates stay on the page and add no index entries (HOT). New pages only.
ALTER TABLE mkt_shot_recipients SET (fillfactor = 85);
