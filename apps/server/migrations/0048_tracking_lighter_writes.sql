-- The open pixel and the click redirect (issue 26, bench:tracking on two cores): each event row paid
-- for two foreign-key checks and each first open for a new entry in every index of the recipients.

-- An event's tenant is its recipient's (the key (tenant_id, recipient_id) references the recipient,
-- whose own key references the tenant): the direct reference checked the same tenant row again for
-- every event written.
ALTER TABLE mkt_shot_events DROP CONSTRAINT IF EXISTS mkt_shot_events_tenant_id_fkey;

-- Room on each page for a recipient's later versions (delivered, opened, clicked: columns no index
-- holds), so those updates stay on the page and add no index entries (HOT). New pages only.
ALTER TABLE mkt_shot_recipients SET (fillfactor = 85);

-- A one-statement lookup-and-write tried on this branch (an earlier 0048) measured slower than the
-- per-process link cache: gone where it was applied.
DROP FUNCTION IF EXISTS shot_tracking_record_links(text[], text[], text[], timestamptz[], integer, integer);
