-- Geocoding (issue 12): what keeps geo_status (0016) true without slowing a save, the answers of
-- the HTTP geocoder cached by address, and 'Revalidar pontos'.

-- Back-off of an address whose HTTP geocoder timed out, answered 429 or garbage: tried again from
-- geo_next_at, geo_attempts times so far. geo_recheck (people): the revalidation that will recheck it.
ALTER TABLE people
  ADD COLUMN geo_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN geo_next_at timestamptz,
  ADD COLUMN geo_recheck bigint;
ALTER TABLE companies
  ADD COLUMN geo_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN geo_next_at timestamptz;

-- the queue reads the pending rows of one tenant in id order
CREATE INDEX people_geo_pending ON people (tenant_id, id) WHERE geo_status = 'PENDING';
CREATE INDEX companies_geo_pending ON companies (tenant_id, id) WHERE geo_status = 'PENDING';
CREATE INDEX people_geo_recheck ON people (tenant_id, geo_recheck, id) WHERE geo_recheck IS NOT NULL;

-- A row whose address is new or changed waits for the geocoder (PENDING, its old point dropped) in
-- the statement that saves it; one with no city, CEP or street has nothing to geocode. A statement
-- that changes the address and places the point itself (a MANUAL point) keeps that point. The
-- geocoder's own writes touch no address column, so this trigger does not fire for them.
CREATE FUNCTION geo_address_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.zip_code IS NOT DISTINCT FROM OLD.zip_code AND NEW.street IS NOT DISTINCT FROM OLD.street
       AND NEW.number IS NOT DISTINCT FROM OLD.number
       AND NEW.neighborhood IS NOT DISTINCT FROM OLD.neighborhood
       AND NEW.city IS NOT DISTINCT FROM OLD.city AND NEW.state IS NOT DISTINCT FROM OLD.state THEN
      RETURN NEW;
    END IF;
    IF NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude THEN
      RETURN NEW;
    END IF;
  ELSIF NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL THEN
    NEW.geo_status := 'DONE';
    NEW.geo_precision := coalesce(NEW.geo_precision, 'MANUAL');
    RETURN NEW;
  END IF;
  NEW.latitude := NULL;
  NEW.longitude := NULL;
  NEW.geo_precision := NULL;
  NEW.geo_source := NULL;
  NEW.geocoded_at := NULL;
  NEW.geo_attempts := 0;
  NEW.geo_next_at := NULL;
  IF coalesce(NEW.city, '') ~ '^\s*$' AND coalesce(NEW.zip_code, '') ~ '^\s*$'
     AND coalesce(NEW.street, '') ~ '^\s*$' THEN
    NEW.geo_status := 'NO_ADDRESS';
  ELSE
    NEW.geo_status := 'PENDING';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER people_geo_address BEFORE INSERT OR UPDATE OF zip_code, street, number, neighborhood, city, state
  ON people FOR EACH ROW EXECUTE FUNCTION geo_address_changed();
CREATE TRIGGER companies_geo_address BEFORE INSERT OR UPDATE OF zip_code, street, number, neighborhood, city, state
  ON companies FOR EACH ROW EXECUTE FUNCTION geo_address_changed();

-- The queue job of a tenant with new pending addresses, enqueued once per statement in the saving
-- transaction (it exists only if the save commits): saves, imports and the demo seed alike, with
-- no module calling the geocoder. One pending job per tenant (singleton key); rows waiting for a
-- back-off (geo_next_at set) are left to the job's own retry.
CREATE FUNCTION geo_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jobs (queue, payload, singleton_key)
  SELECT 'geocoding.drain', jsonb_build_object('tenantId', n.tenant_id::text), 'geo:' || n.tenant_id
  FROM (SELECT DISTINCT tenant_id FROM new_rows WHERE geo_status = 'PENDING' AND geo_next_at IS NULL) n
  ON CONFLICT (queue, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('pending', 'active')
  DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER people_geo_enqueue_insert AFTER INSERT ON people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION geo_enqueue();
CREATE TRIGGER people_geo_enqueue_update AFTER UPDATE ON people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION geo_enqueue();
CREATE TRIGGER companies_geo_enqueue_insert AFTER INSERT ON companies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION geo_enqueue();
CREATE TRIGGER companies_geo_enqueue_update AFTER UPDATE ON companies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION geo_enqueue();

-- Answers of the HTTP geocoder by normalised address (source + query), so the same address is
-- never asked twice. Global on purpose (docs/decisions.md): the key is an address with no person,
-- tenant or user in it, no route reads it, and sharing it is what keeps a rate-limited public
-- service from being asked once per tenant. found = false records an address the source does not
-- know (NOT_FOUND); failures (timeout, 429, garbage) are never cached.
CREATE TABLE geocode_cache (
  source text NOT NULL,
  query text NOT NULL,
  found boolean NOT NULL,
  latitude double precision,
  longitude double precision,
  precision text CHECK (precision IN ('STREET', 'ZIP', 'NEIGHBORHOOD', 'CITY')),
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, query),
  CHECK (NOT found OR (latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180 AND precision IS NOT NULL))
);

-- 'Revalidar pontos': one row a request; the people it rechecks carry its id in people.geo_recheck
-- until their batch commits, and `done` moves in the same transaction.
CREATE TABLE geo_revalidations (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  user_id bigint,
  type text NOT NULL CHECK (type IN ('PERSON', 'TEAM')),
  status text NOT NULL DEFAULT 'IN_PROGRESS' CHECK (status IN ('IN_PROGRESS', 'CONCLUDED', 'ERROR')),
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  failed_attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE SET NULL (user_id)
);
ALTER TABLE geo_revalidations ENABLE ROW LEVEL SECURITY;
ALTER TABLE geo_revalidations FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON geo_revalidations
  USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- existing rows (0016 made them all PENDING): the owner is subject to FORCE RLS, so it is lifted
-- inside this transaction only. Rows with a point keep it; rows with no address say so; the rest
-- stay PENDING and a job per tenant is queued for them.
ALTER TABLE people NO FORCE ROW LEVEL SECURITY;
ALTER TABLE companies NO FORCE ROW LEVEL SECURITY;
UPDATE people SET geo_status = CASE
    WHEN latitude IS NOT NULL AND longitude IS NOT NULL THEN 'DONE'
    WHEN coalesce(city, '') ~ '^\s*$' AND coalesce(zip_code, '') ~ '^\s*$' AND coalesce(street, '') ~ '^\s*$'
      THEN 'NO_ADDRESS'
    ELSE 'PENDING' END,
  geo_precision = CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
    THEN coalesce(geo_precision, 'MANUAL') END
  WHERE geo_status = 'PENDING';
UPDATE companies SET geo_status = CASE
    WHEN latitude IS NOT NULL AND longitude IS NOT NULL THEN 'DONE'
    WHEN coalesce(city, '') ~ '^\s*$' AND coalesce(zip_code, '') ~ '^\s*$' AND coalesce(street, '') ~ '^\s*$'
      THEN 'NO_ADDRESS'
    ELSE 'PENDING' END,
  geo_precision = CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
    THEN coalesce(geo_precision, 'MANUAL') END
  WHERE geo_status = 'PENDING';
ALTER TABLE people FORCE ROW LEVEL SECURITY;
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
