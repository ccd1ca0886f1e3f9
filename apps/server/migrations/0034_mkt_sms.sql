-- SMS shots (issue 27) on the shot engine of 0032: the tenant's SMS settings, what the provider
-- answers per message, the events it reports (kept once), and the SMS side of the outbox.

-- The tenant's SMS settings: the identification every SMS starts with (counted in the 160
-- characters) and the quiet hours (São Paulo) when no SMS goes out. quiet_hours null: the server's
-- default (SMS_QUIET_HOURS); 'off'; or 'H-H' (start and end hour, e.g. '21-8').
CREATE TABLE mkt_sms_settings (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  sender_identification text NOT NULL CHECK (length(sender_identification) BETWEEN 1 AND 30),
  quiet_hours text CHECK (quiet_hours ~ '^(off|([01]?[0-9]|2[0-3])-([01]?[0-9]|2[0-3]))$'),
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id),
  FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (updated_by)
);

-- SMS: the parts the carrier bills per message (the editor's count, merge tags at their longest
-- value in the list); credits are debited for recipients × parts. Null for e-mail.
ALTER TABLE mkt_shots ADD COLUMN sms_parts smallint CHECK (sms_parts BETWEEN 1 AND 10);
-- SMS: the sending paused by the quiet hours until then (the panel says so); null when not paused
ALTER TABLE mkt_shots ADD COLUMN paused_until timestamptz;

-- The provider's id of the message sent (SMS): its status reports name it. Unique across tenants:
-- the status webhook has no tenant and finds the recipient through the policy below.
ALTER TABLE mkt_shot_recipients ADD COLUMN provider_message_id text CHECK (length(provider_message_id) <= 100);
CREATE UNIQUE INDEX mkt_shot_recipients_provider_message ON mkt_shot_recipients (provider_message_id)
  WHERE provider_message_id IS NOT NULL;
-- An inbound reply names only the number: the latest SMS sent to it finds its tenant.
CREATE INDEX mkt_shot_recipients_sms_reply ON mkt_shot_recipients (address, sent_at DESC)
  WHERE provider_message_id IS NOT NULL;

-- Outside any tenant session, a transaction that set app.sms_message to a provider message id sees
-- that recipient, and one that set app.sms_reply_from to a number sees the recipients the provider
-- took a message to that number for (read only): how the provider's webhooks find the tenant.
CREATE POLICY sms_message_lookup ON mkt_shot_recipients FOR SELECT
  USING (app_current_tenant() IS NULL AND provider_message_id = current_setting('app.sms_message', true));
CREATE POLICY sms_reply_lookup ON mkt_shot_recipients FOR SELECT
  USING (app_current_tenant() IS NULL AND provider_message_id IS NOT NULL
    AND address = current_setting('app.sms_reply_from', true));

-- The provider's webhook events already applied (its event id): a replayed event is ignored.
CREATE TABLE mkt_sms_provider_events (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  event_id text NOT NULL CHECK (length(event_id) <= 200),
  kind text NOT NULL CHECK (kind IN ('status', 'reply')),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, event_id)
);

-- The outbox (0032) keeps SMS too: channel, and an SMS can be marked failed.
ALTER TABLE mkt_shot_outbox ADD COLUMN channel text NOT NULL DEFAULT 'EMAIL' CHECK (channel IN ('EMAIL', 'SMS'));
ALTER TABLE mkt_shot_outbox DROP CONSTRAINT mkt_shot_outbox_marked_check;
ALTER TABLE mkt_shot_outbox ADD CONSTRAINT mkt_shot_outbox_marked_check
  CHECK (marked IN ('delivered', 'bounce', 'spam', 'failed', 'reply'));
CREATE INDEX mkt_shot_outbox_channel ON mkt_shot_outbox (tenant_id, channel, id DESC);

ALTER TABLE mkt_sms_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_sms_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_sms_settings
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE mkt_sms_provider_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_sms_provider_events FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_sms_provider_events
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
