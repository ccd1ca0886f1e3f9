-- Where a person or company is on the map and how that was found (issue 12). latitude/longitude
-- exist since 0002. geo_status says what the geocoder knows of the current address:
--   PENDING    the address is new or changed and waits for the geocoding job
--   DONE       latitude/longitude hold the answer, geo_precision says how close it is
--   NOT_FOUND  no configured source could place the address (shown in the map drawer)
--   NO_ADDRESS nothing to geocode (no city/state, CEP or street)
-- geo_precision orders the answers (STREET best, CITY worst); MANUAL is a point moved by a user
-- (PUT /people/update-coordinates), which the geocoder never overwrites unless the address changes.
ALTER TABLE people
  ADD COLUMN geo_status text NOT NULL DEFAULT 'PENDING'
    CHECK (geo_status IN ('PENDING', 'DONE', 'NOT_FOUND', 'NO_ADDRESS')),
  ADD COLUMN geo_precision text CHECK (geo_precision IN ('STREET', 'ZIP', 'NEIGHBORHOOD', 'CITY', 'MANUAL')),
  ADD COLUMN geo_source text,
  ADD COLUMN geocoded_at timestamptz;

ALTER TABLE companies
  ADD COLUMN geo_status text NOT NULL DEFAULT 'PENDING'
    CHECK (geo_status IN ('PENDING', 'DONE', 'NOT_FOUND', 'NO_ADDRESS')),
  ADD COLUMN geo_precision text CHECK (geo_precision IN ('STREET', 'ZIP', 'NEIGHBORHOOD', 'CITY', 'MANUAL')),
  ADD COLUMN geo_source text,
  ADD COLUMN geocoded_at timestamptz;
