-- Marketing plans and credits (issue 14; spec 3 §3 'Marketing account row' and 'Plan row', §4, §9).
-- A plan grants `credits` (people) of one type every `periodicity_days`; each grant is a period of
-- mkt_account_periods (the history). An extra credit is a plan without periodicity and one period.
-- The balance of a type is sum(purchased - used) of the periods covering now: unused credits of
-- an ended period expire. Debits (a shot sent) lock the current periods and write a ledger row whose
-- reference is unique, so a retried send never debits twice. tenant_id leads every key, RLS forced.

CREATE TABLE mkt_plans (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  type text NOT NULL CHECK (type IN ('EMAIL', 'SMS')),
  credits integer NOT NULL CHECK (credits > 0),
  -- null: a one-off extra credit (one period, never renewed)
  periodicity_days integer CHECK (periodicity_days > 0),
  extra boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  acquired_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX mkt_plans_active ON mkt_plans (tenant_id, active, type);

CREATE TABLE mkt_account_periods (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  plan_id bigint NOT NULL,
  type text NOT NULL CHECK (type IN ('EMAIL', 'SMS')),
  initial_date timestamptz NOT NULL,
  end_date timestamptz NOT NULL,
  purchased integer NOT NULL CHECK (purchased > 0),
  used integer NOT NULL DEFAULT 0,
  extra boolean NOT NULL DEFAULT false,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, plan_id) REFERENCES mkt_plans (tenant_id, id),
  -- a renewal can never happen twice
  UNIQUE (tenant_id, plan_id, initial_date),
  CHECK (end_date > initial_date),
  CHECK (used >= 0 AND used <= purchased)
);
-- the balance and the debit read the periods of a type covering now; the history by date
CREATE INDEX mkt_account_periods_current ON mkt_account_periods (tenant_id, type, end_date);
CREATE INDEX mkt_account_periods_history ON mkt_account_periods (tenant_id, initial_date DESC, id DESC);

CREATE TABLE mkt_debits (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  -- what was sent (e.g. 'shot:42'): one debit per reference
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  type text NOT NULL CHECK (type IN ('EMAIL', 'SMS')),
  amount integer NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, reference)
);

ALTER TABLE mkt_plans ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_plans FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_plans
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE mkt_account_periods ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_account_periods FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_account_periods
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE mkt_debits ENABLE ROW LEVEL SECURITY;
ALTER TABLE mkt_debits FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mkt_debits
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
