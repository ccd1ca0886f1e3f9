-- The public tracking, unsubscribe and relay endpoints find a recipient's tenant outside any tenant
-- session (policy shot_link_lookup of 0032). That policy showed one link id per set_config, so a
-- burst of first opens cost two statements an id. Now the transaction names the link ids it looks
-- up, comma-separated (link ids are base64url: no commas), and sees those recipients only — still
-- nothing it could not name, still read only. app.shot_link (one id) is read no more.
DROP POLICY shot_link_lookup ON mkt_shot_recipients;
CREATE POLICY shot_link_lookup ON mkt_shot_recipients FOR SELECT
  USING (app_current_tenant() IS NULL
    AND link_id = ANY (string_to_array(current_setting('app.shot_links', true), ',')));
