-- Server-side sessions: a token names its session (claim `sid`); logout revokes the row, and a
-- revoked or expired session is refused on the next call. tenant_id leads every key, RLS forced.

CREATE TABLE sessions (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id uuid NOT NULL,
  user_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
-- a user's expired sessions, removed at that user's next login
CREATE INDEX sessions_user_expiry ON sessions (tenant_id, user_id, expires_at);

ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sessions
  USING (tenant_id = app_current_tenant())
  WITH CHECK (tenant_id = app_current_tenant());

-- bind_tenant_user (0010) with the session: binds the transaction to its tenant, then returns the
-- caller's user row only while the token's session is live (neither revoked nor expired). Still
-- one statement per authenticated call, SECURITY INVOKER, so row-level security applies to both
-- reads, which come after the binding.
CREATE FUNCTION bind_tenant_session(p_tenant bigint, p_code uuid, p_session uuid) RETURNS SETOF users
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY SELECT u.* FROM users u
    WHERE u.tenant_id = p_tenant AND u.code = p_code
      AND EXISTS (
        SELECT 1 FROM sessions s
        WHERE s.tenant_id = p_tenant AND s.id = p_session AND s.user_id = u.id
          AND s.revoked_at IS NULL AND s.expires_at > now());
END $$;

-- no way left to authenticate a call without its session
DROP FUNCTION bind_tenant_user(bigint, uuid);
