-- Shots (issue 26: e-mail; issue 27: SMS on the same engine): spec 3 §2.1, §3 Shot and Report, §4.
-- One lifecycle for both channels: DRAFT → (SCHEDULED →) SENDING → SENT | ERROR. The recipients are
-- frozen once, when the shot is sent or its schedule fires; dispatch workers lease them in batches
-- (FOR UPDATE SKIP LOCKED), send with no transaction open and record one outcome each.
-- tenant_id leads every key (Citus-ready), RLS forced (DESIGN.md §2).
CREATE TABLE mkt_shots (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'ERROR')),
  -- e-mail: subject, the sanitised HTML (CSS inlined), its plain-text alternative and the editor's
  -- design (GrapesJS project data); SMS: content
  subject text CHECK (length(subject) <= 250),
  html_content text,
  text_content text,
  json_content jsonb,
  content text CHECK (length(content) <= 1000),
  -- a small rendering of the message for the lists (data: URL of an image, or null)
  image_preview text,
  sender_id bigint,
  -- the destination list; its name and type kept for the panels if the list is removed later
  segment_id bigint,
  segment_name text,
  segment_type text CHECK (segment_type IN ('PERSON', 'TEAM', 'COMPANY')),
  -- before the freeze: the count the editor saw; after: the recipients to send (credits debited)
  total_contacts integer NOT NULL DEFAULT 0 CHECK (total_contacts >= 0),
  -- left out at the freeze ('Descartados': opted out, no valid address)
  total_dropped integer NOT NULL DEFAULT 0 CHECK (total_dropped >= 0),
  -- São Paulo wall time chosen by the user, as an instant
  schedule_date timestamptz,
  -- when the freeze happened (spec: startDate) and when the last recipient got its outcome
  start_date timestamptz,
  finished_at timestamptz,
  -- why the shot ended in ERROR (a domain text: insufficient credit, sender no longer active…)
  error_reason text,
  -- the birthday e-mail of the tenant (spec 3 §9 'aniversariantes'): one row per day it ran
  birthday boolean NOT NULL DEFAULT false,
  -- the author: whose visibility the freeze applies
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, sender_id) REFERENCES mkt_senders (tenant_id, id) ON DELETE SET NULL (sender_id),
  FOREIGN KEY (tenant_id, segment_id) REFERENCES segments (tenant_id, id) ON DELETE SET NULL (segment_id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by),
  CHECK (status <> 'SCHEDULED' OR schedule_date IS NOT NULL)
);
CREATE INDEX mkt_shots_list ON mkt_shots (tenant_id, channel, status, id DESC);

-- One row per person of the destination list at the freeze, including those left out (DROPPED,
-- with the reason), so every report tab lists contact and message.
CREATE TABLE mkt_shot_recipients (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  shot_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  person_id bigint,
  -- the address as frozen: e-mail in lower case, or the mobile number's digits (55 + DDD + number)
  address text NOT NULL CHECK (length(address) <= 320),
  -- merge-tag values as frozen: {"firstName","lastName","fullName","email"}
  merge jsonb NOT NULL DEFAULT '{}',
  -- public id in the unsubscribe and tracking links and the Message-ID (128 random bits, base64url):
  -- the public endpoints have no tenant, so this finds the row (policy shot_link_lookup below)
  link_id text NOT NULL CHECK (link_id ~ '^[A-Za-z0-9_-]{22}$'),
  -- PENDING: to send; SENT: accepted by the relay; BOUNCED: refused (5xx) or bounced later;
  -- FAILED: temporary errors until the attempts ran out; DROPPED: left out (opt-out, invalid)
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'BOUNCED', 'FAILED', 'DROPPED')),
  -- the last answer or reason (SMTP response, drop reason), shown as the tab's message
  message text CHECK (length(message) <= 1000),
  attempts integer NOT NULL DEFAULT 0,
  -- a dispatch worker holds the recipient until then (no transaction open while it sends); a worker
  -- killed mid-send leaves it to be leased again after this
  lease_until timestamptz,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  delivered_at timestamptz,
  bounced_at timestamptz,
  opened_at timestamptz,
  clicked_at timestamptz,
  spam_at timestamptz,
  unsubscribed_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, shot_id) REFERENCES mkt_shots (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE SET NULL (person_id)
);
CREATE UNIQUE INDEX mkt_shot_recipients_link ON mkt_shot_recipients (link_id);
-- the claim: pending recipients of one shot in id order
CREATE INDEX mkt_shot_recipients_pending ON mkt_shot_recipients (tenant_id, shot_id, id)
  WHERE status = 'PENDING';
CREATE INDEX mkt_shot_recipients_shot ON mkt_shot_recipients (tenant_id, shot_id, status);
-- a person freezes once per shot
CREATE UNIQUE INDEX mkt_shot_recipients_person ON mkt_shot_recipients (tenant_id, shot_id, person_id);

-- Every tracking and delivery event as it came (opens, clicks, asynchronous bounces and complaints),
-- the recipient's *_at columns keep the first of each kind (unique counts).
CREATE TABLE mkt_shot_events (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  shot_id bigint NOT NULL,
  recipient_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('open', 'click', 'delivered', 'bounce', 'spam', 'unsubscribe')),
  url text CHECK (length(url) <= 2048),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, recipient_id) REFERENCES mkt_shot_recipients (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX mkt_shot_events_shot ON mkt_shot_events (tenant_id, shot_id, kind);

-- Addresses that asked not to receive the tenant's shots of a channel (unsubscribe link, RFC 8058
-- one-click, an SMS reply, a complaint): never sent to again, checked at the freeze and at the send.
CREATE TABLE mkt_opt_outs (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  address text NOT NULL CHECK (length(address) <= 320),
  -- how it came: 'link' (page), 'one-click' (List-Unsubscribe-Post), 'complaint', 'reply', 'manual'
  source text NOT NULL CHECK (source IN ('link', 'one-click', 'complaint', 'reply', 'manual')),
  shot_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, channel, address)
);

-- The embedded default of the shot transport (no MARKETING_SMTP_URL / SMTP_URL): each message as it
-- would have gone out, readable in the app, where it can be marked delivered, bounced or reported as
-- spam (the same events a relay reports), so every report tab can be seen without a mail server.
CREATE TABLE mkt_shot_outbox (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  shot_id bigint NOT NULL,
  recipient_id bigint NOT NULL,
  message_id text NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html_body text NOT NULL,
  text_body text NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}',
  -- what the user marked it as in the outbox screen
  marked text CHECK (marked IN ('delivered', 'bounce', 'spam')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, shot_id) REFERENCES mkt_shots (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, recipient_id) REFERENCES mkt_shot_recipients (tenant_id, id) ON DELETE CASCADE
);
-- a message re-sent after a crash (same Message-ID) is kept once
CREATE UNIQUE INDEX mkt_shot_outbox_message ON mkt_shot_outbox (tenant_id, message_id);
CREATE INDEX mkt_shot_outbox_latest ON mkt_shot_outbox (tenant_id, id DESC);

ALTER TABLE mkt_shots ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_shots FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_shots
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE mkt_shot_recipients ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_shot_recipients FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_shot_recipients
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
-- Outside any tenant session, a transaction that set app.shot_link to a link id sees that one
-- recipient (read only): how unsubscribe, tracking and the relay's events find the tenant.
CREATE POLICY shot_link_lookup ON mkt_shot_recipients FOR SELECT
  USING (app_current_tenant() IS NULL AND link_id = current_setting('app.shot_link', true));
ALTER TABLE mkt_shot_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_shot_events FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_shot_events
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE mkt_opt_outs ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_opt_outs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_opt_outs
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE mkt_shot_outbox ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_shot_outbox FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_shot_outbox
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
