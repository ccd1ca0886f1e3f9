-- Agenda (schedules, events, guests), interactions with people (people_contacts) and the log of
-- exports. tenant_id leads every key (Citus-ready), RLS forced (DESIGN.md §2).

CREATE TABLE schedules (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  owner_id bigint NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  color text NOT NULL DEFAULT 'BLUE' CHECK (color IN ('RED', 'PINK', 'PURPLE', 'DARK_PURPLE',
    'DARK_BLUE', 'BLUE', 'LIGHT_BLUE', 'GREEN_BLUE', 'GREEN_GRAY', 'GREEN', 'LIGHT_GREEN',
    'GREEN_YELLOW', 'YELLOW', 'DARK_YELLOW', 'ORANGE', 'DARK_ORANGE', 'BROWN', 'GRAY')),
  -- iCalendar subscription: '<tenant slug>.<43 base64url chars>' (256 random bits); a new token
  -- replaces the old one, which then stops working
  subscribe_token text NOT NULL CHECK (length(subscribe_token) >= 40),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, subscribe_token),
  FOREIGN KEY (tenant_id, owner_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX schedules_owner ON schedules (tenant_id, owner_id);

CREATE TABLE schedule_guests (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  schedule_id bigint NOT NULL,
  user_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, schedule_id, user_id),
  FOREIGN KEY (tenant_id, schedule_id) REFERENCES schedules (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX schedule_guests_user ON schedule_guests (tenant_id, user_id, schedule_id);

CREATE TABLE events (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  schedule_id bigint NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  entire_day boolean NOT NULL DEFAULT true,
  -- the instants the event covers: for all-day events 00:00 of the first day to 00:00 of the day
  -- after the last one, in America/Sao_Paulo (range queries treat both kinds alike)
  begin_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  -- all-day events: first and last day (inclusive), as the user chose them
  begin_date date,
  end_date date,
  location text,
  description text,
  responsible_id bigint,
  -- iCalendar SEQUENCE: +1 on every change
  revision integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, schedule_id) REFERENCES schedules (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, responsible_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (responsible_id),
  CHECK (end_at >= begin_at),
  CHECK (NOT entire_day OR (begin_date IS NOT NULL AND end_date IS NOT NULL AND end_date >= begin_date))
);
-- events of a schedule overlapping a range: begin_at < range end AND end_at > range start
CREATE INDEX events_schedule_time ON events (tenant_id, schedule_id, begin_at, end_at);

CREATE TABLE event_guests (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  event_id bigint NOT NULL,
  user_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, event_id, user_id),
  FOREIGN KEY (tenant_id, event_id) REFERENCES events (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX event_guests_user ON event_guests (tenant_id, user_id, event_id);

CREATE TABLE people_contacts (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  person_id bigint NOT NULL,
  type text NOT NULL DEFAULT 'CONTACT' CHECK (type IN ('CONTACT')),
  source text NOT NULL CHECK (source IN ('LETTER', 'EMAIL', 'FACEBOOK', 'INSTAGRAM', 'PHONE',
    'PERSONAL', 'SMS', 'TELEGRAM', 'TIKTOK', 'TWITTER', 'WEBSITE', 'WHATSAPP')),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  begin_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  responsible_id bigint,
  status text NOT NULL DEFAULT 'IN_PROGRESS' CHECK (status IN ('IN_PROGRESS', 'CONCLUDED', 'CANCELED')),
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, responsible_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (responsible_id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by),
  CHECK (end_at >= begin_at)
);
-- timeline of a person; report by period (and status / responsible); overdue ones
CREATE INDEX people_contacts_person ON people_contacts (tenant_id, person_id, begin_at DESC, id);
CREATE INDEX people_contacts_begin ON people_contacts (tenant_id, begin_at, status);
CREATE INDEX people_contacts_responsible ON people_contacts (tenant_id, responsible_id, begin_at);
CREATE INDEX people_contacts_late ON people_contacts (tenant_id, end_at) WHERE status = 'IN_PROGRESS';

-- Who exported what, when and how many rows (DESIGN.md §6: every export is recorded).
CREATE TABLE export_logs (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  user_id bigint,
  kind text NOT NULL,
  filter jsonb NOT NULL DEFAULT '{}',
  total_rows integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (user_id)
);
CREATE INDEX export_logs_created ON export_logs (tenant_id, created_at);

ALTER TABLE schedules ENABLE ROW LEVEL SECURITY;
ALTER TABLE schedules FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON schedules
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE schedule_guests ENABLE ROW LEVEL SECURITY;
ALTER TABLE schedule_guests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON schedule_guests
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE events ENABLE ROW LEVEL SECURITY;
ALTER TABLE events FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON events
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE event_guests ENABLE ROW LEVEL SECURITY;
ALTER TABLE event_guests FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON event_guests
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE people_contacts ENABLE ROW LEVEL SECURITY;
ALTER TABLE people_contacts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON people_contacts
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE export_logs ENABLE ROW LEVEL SECURITY;
ALTER TABLE export_logs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON export_logs
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
