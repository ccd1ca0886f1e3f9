-- Every user has a personal agenda (issue 28): a user with none could not save 'Novo Evento'.
-- Schedules belong to users (spec 2 §6), so each new user gets one, named after them, whichever
-- path creates the user (operator CLI and seed, a team member saved on the web, a team import):
-- a trigger, because people and the import create logins through users, below the agenda module.
-- Users who own no agenda yet get theirs here. Written to be re-applied safely.

-- '<tenant slug>.<43 base64url chars>', the format of agenda.service newSubscribeToken; the secret
-- is two random uuids (244 random bits from the server's strong random source)
CREATE OR REPLACE FUNCTION new_subscribe_token(tenant bigint) RETURNS text
  LANGUAGE sql VOLATILE
  AS $$
    SELECT t.slug || '.' || translate(
      rtrim(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '='),
      '+/', '-_')
    FROM tenants t WHERE t.id = tenant
  $$;

-- the user's name (at most 80 characters, the schedule's limit), or their e-mail if it is blank
CREATE OR REPLACE FUNCTION personal_schedule_name(name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT coalesce(nullif(left(btrim(name), 80), ''), left(email, 80)) $$;

CREATE OR REPLACE FUNCTION create_personal_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedules (tenant_id, owner_id, name, subscribe_token)
  VALUES (NEW.tenant_id, NEW.id, personal_schedule_name(NEW.name, NEW.email),
    new_subscribe_token(NEW.tenant_id));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER users_personal_schedule AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION create_personal_schedule();

-- existing users: the owner is subject to FORCE RLS, so it is lifted inside this transaction only
ALTER TABLE users NO FORCE ROW LEVEL SECURITY;
ALTER TABLE schedules NO FORCE ROW LEVEL SECURITY;
INSERT INTO schedules (tenant_id, owner_id, name, subscribe_token)
  SELECT u.tenant_id, u.id, personal_schedule_name(u.name, u.email), new_subscribe_token(u.tenant_id)
  FROM users u
  WHERE NOT EXISTS (SELECT 1 FROM schedules s WHERE s.tenant_id = u.tenant_id AND s.owner_id = u.id);
ALTER TABLE users FORCE ROW LEVEL SECURITY;
ALTER TABLE schedules FORCE ROW LEVEL SECURITY;
