-- The audit log (issue 31): who exported data, changed permissions, deleted people in bulk, merged
-- people, registered or answered a data-subject request, or signed in from a new device.
-- tenant_id leads every key, RLS forced (DESIGN.md §2). Rows are written in the transaction of the
-- action they record (modules/privacy/audit.service.ts recordAudit) and never changed.
--
-- subject and detail hold codes, counts and kinds, never a person's name, e-mail or phone, so an
-- anonymisation leaves nothing of the person here; both are bounded.
-- The user of the request's session, set by bind_tenant_session for its transaction only.
CREATE FUNCTION app_current_user() RETURNS bigint
  LANGUAGE sql STABLE
  AS $$ SELECT NULLIF(current_setting('app.user_id', true), '')::bigint $$;

CREATE TABLE audit_log (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  code uuid NOT NULL DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  -- who acted: by default the user of the request's session (bind_tenant_session below); null for
  -- the system (jobs, operator) or once the user is removed
  user_id bigint DEFAULT app_current_user(),
  action text NOT NULL CHECK (action IN ('EXPORT', 'PRIVACY_REQUEST', 'PRIVACY_FULFIL',
    'PERMISSION_CHANGE', 'BULK_DELETE', 'MERGE', 'MERGE_UNDO', 'SIGN_IN_NEW_DEVICE')),
  subject text NOT NULL CHECK (length(subject) <= 300),
  detail jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(detail) = 'object' AND octet_length(detail::text) <= 8000),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (user_id)
);
-- the screen's filters, newest first: all, by action, by user
CREATE INDEX audit_log_at ON audit_log (tenant_id, at DESC, id DESC);
CREATE INDEX audit_log_action ON audit_log (tenant_id, action, at DESC, id DESC);
CREATE INDEX audit_log_user ON audit_log (tenant_id, user_id, at DESC, id DESC);

ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_log
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- The devices a user has signed in from: a long-lived random id kept in a cookie, stored hashed
-- with the user agent's family ('Chrome em Windows'). A sign-in with one not listed here is a new
-- device: it is added and audited (SIGN_IN_NEW_DEVICE).
CREATE TABLE user_devices (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  user_id bigint NOT NULL,
  device_hash text NOT NULL CHECK (length(device_hash) = 64),
  family text NOT NULL CHECK (length(family) <= 100),
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, device_hash),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

ALTER TABLE user_devices ENABLE ROW LEVEL SECURITY;
ALTER TABLE user_devices FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_devices
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- bind_tenant_session (0013), unchanged for its caller, now also sets app.user_id (LOCAL) to the
-- caller it returns, so a row written in the request knows who acted without being told.
CREATE OR REPLACE FUNCTION bind_tenant_session(p_tenant bigint, p_code uuid, p_session uuid) RETURNS SETOF users
  LANGUAGE plpgsql AS $$
DECLARE
  v_user users;
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  PERFORM set_config('app.user_id', '', true);
  SELECT u.* INTO v_user FROM users u
    WHERE u.tenant_id = p_tenant AND u.code = p_code
      AND EXISTS (
        SELECT 1 FROM sessions s
        WHERE s.tenant_id = p_tenant AND s.id = p_session AND s.user_id = u.id
          AND s.revoked_at IS NULL AND s.expires_at > now());
  IF FOUND THEN
    PERFORM set_config('app.user_id', v_user.id::text, true);
    RETURN NEXT v_user;
  END IF;
END $$;

-- Every export in the export log (people, team, reports, interactions, amendments, the audit log's
-- own, donations later) is mirrored here as it is recorded: the export log keeps what the export
-- screens show (status, rows written, list), the audit log has one row per export of any kind, and
-- no export path can forget it.
CREATE FUNCTION audit_export() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (tenant_id, user_id, action, subject, detail)
  VALUES (NEW.tenant_id, NEW.user_id, 'EXPORT', left('Exportação: ' || NEW.kind, 300),
    jsonb_strip_nulls(jsonb_build_object('kind', left(NEW.kind, 100), 'rows', NEW.total_rows,
      'exportId', NEW.id::text, 'list', left(NEW.list_name, 100))));
  RETURN NULL;
END $$;

CREATE TRIGGER export_logs_audit AFTER INSERT ON export_logs
  FOR EACH ROW EXECUTE FUNCTION audit_export();
