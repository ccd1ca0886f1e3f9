-- The tenant's birthday e-mail (issue 26, spec 3 §9 'aniversariantes'): one setting per tenant, sent
-- by a daily job at `send_hour` (São Paulo) to the people whose birthday is that day, once per person
-- per year. Each day it runs is one shot (mkt_shots.birthday) whose day is `birthday_date`.
CREATE TABLE mkt_birthday_settings (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  active boolean NOT NULL DEFAULT false,
  sender_id bigint,
  subject text CHECK (length(subject) <= 250),
  -- as a shot's: the sanitised HTML, its plain-text alternative and the editor's design
  html_content text,
  text_content text,
  json_content jsonb,
  send_hour smallint NOT NULL DEFAULT 9 CHECK (send_hour BETWEEN 0 AND 23),
  -- who saved it last: the author of the day's shots (whose visibility the freeze applies)
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id),
  FOREIGN KEY (tenant_id, sender_id) REFERENCES mkt_senders (tenant_id, id) ON DELETE SET NULL (sender_id),
  FOREIGN KEY (tenant_id, updated_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (updated_by)
);

-- The São Paulo day a birthday shot is for: one shot per tenant and day (a second run of the day's
-- job finds it), and the year a person already got theirs.
ALTER TABLE mkt_shots ADD COLUMN birthday_date date;
ALTER TABLE mkt_shots ADD CONSTRAINT mkt_shots_birthday_date CHECK (birthday = (birthday_date IS NOT NULL));
CREATE UNIQUE INDEX mkt_shots_birthday_day ON mkt_shots (tenant_id, birthday_date) WHERE birthday;

ALTER TABLE mkt_birthday_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_birthday_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_birthday_settings
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
