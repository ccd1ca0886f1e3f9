-- Amendments register (issue 15, spec 3 §2.2, §3 "Amendment"): parliamentary amendments a mandate
-- follows, by year, municipality (title), resource manager (receiver), value and status, optionally
-- tied to a contact. The code is the identity (like the other modules). Money is numeric(14,2):
-- exact, below 1e12 (the domain refuses larger). tenant_id leads every key, RLS forced (DESIGN.md §2).

CREATE TABLE amendments (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  year integer NOT NULL CHECK (year BETWEEN 1988 AND 2200),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 150),
  description text CHECK (length(description) <= 2000),
  receiver text CHECK (length(receiver) <= 150),
  value numeric(14, 2) NOT NULL,
  status text NOT NULL CHECK (status IN ('PAID', 'ANALISYS', 'WAITING_PAYMENT', 'PENDDING', 'DONE')),
  contact_id bigint,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, contact_id) REFERENCES people (tenant_id, id) ON DELETE SET NULL (contact_id),
  FOREIGN KEY (tenant_id, created_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (created_by)
);
-- the list: newest year first, filtered by status (the screen opens on 'tramitando') and year
CREATE INDEX amendments_status_year ON amendments (tenant_id, status, year DESC, id DESC);
CREATE INDEX amendments_year ON amendments (tenant_id, year DESC, id DESC);
-- the contact filter and the person's deletion (SET NULL)
CREATE INDEX amendments_contact ON amendments (tenant_id, contact_id) WHERE contact_id IS NOT NULL;

ALTER TABLE amendments ENABLE ROW LEVEL SECURITY;
ALTER TABLE amendments FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON amendments
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
