-- One round trip fewer on every authenticated call: the statement that binds the transaction to
-- its tenant also returns the caller's user row. SECURITY INVOKER, so row-level security still
-- applies; the lookup is the function's second statement, after the binding.
CREATE FUNCTION bind_tenant_user(p_tenant bigint, p_code uuid) RETURNS SETOF users
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.tenant_id', p_tenant::text, true);
  RETURN QUERY SELECT * FROM users WHERE tenant_id = p_tenant AND code = p_code;
END $$;
