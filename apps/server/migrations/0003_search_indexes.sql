-- Search workload of the filter expressions (apps/server/src/modules/segments/filter).
-- pg_trgm, btree_gin and unaccent are trusted extensions (PostgreSQL 13+): the database owner
-- creates them. On PGlite they are loaded at PGlite.create (platform/db/engine.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- Case- and accent-insensitive form of a text. unaccent() is only STABLE (its dictionary could
-- change); with the dictionary named explicitly it is safe to declare the wrapper IMMUTABLE, which
-- indexes need. unaccent first, then lower(): 'É' → 'E' → 'e' under any collation (lower() alone
-- does not fold non-ASCII letters under the C locale). About 3x faster per row than a translate()
-- over every accented letter, which matters for the trigram rechecks of CONTAINS.
CREATE FUNCTION search_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

-- Birthday as month * 100 + day (0315 = 15 March): birth-date parts without a year and the quick
-- values (today, tomorrow, week, month) compare it.
CREATE FUNCTION birth_md(value date) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT (extract(month FROM $1) * 100 + extract(day FROM $1))::integer $$;

-- The tenant policy reads a GUC that parallel workers inherit from the leader: mark it parallel
-- safe so counts over many rows may use parallel index-only scans.
ALTER FUNCTION app_current_tenant() PARALLEL SAFE;

-- People. Lists are always per type, so btree indexes lead with (tenant_id, is_team).
-- Sorting (name already in 0002: people_list_name), with id as the tie-breaker of the ORDER BY.
CREATE INDEX people_sort_vote ON people (tenant_id, is_team, vote, id);
CREATE INDEX people_sort_influence ON people (tenant_id, is_team, influence, id);
CREATE INDEX people_sort_created ON people (tenant_id, is_team, created_at, id);
-- Enum filters with exact counts (index-only scans).
CREATE INDEX people_state ON people (tenant_id, is_team, state);
-- Birth date: full dates and year ranges, and the birthday.
CREATE INDEX people_birth_date ON people (tenant_id, is_team, birth_date) WHERE birth_date IS NOT NULL;
CREATE INDEX people_birth_md ON people (tenant_id, is_team, birth_md(birth_date)) WHERE birth_date IS NOT NULL;
-- '=' and STARTS_WITH on the normalised text (text_pattern_ops: LIKE 'x%' under any collation).
CREATE INDEX people_prefix_name ON people (tenant_id, is_team, search_norm(name) text_pattern_ops);
CREATE INDEX people_prefix_city ON people (tenant_id, is_team, search_norm(city) text_pattern_ops);
CREATE INDEX people_prefix_email ON people (tenant_id, is_team, search_norm(email) text_pattern_ops)
  WHERE email IS NOT NULL;
CREATE INDEX people_prefix_cellphone ON people (tenant_id, is_team, cellphone text_pattern_ops)
  WHERE cellphone IS NOT NULL;
-- CONTAINS: trigram GIN on the normalised text, tenant_id first through btree_gin.
CREATE INDEX people_trgm_name ON people USING gin (tenant_id, search_norm(name) gin_trgm_ops);
CREATE INDEX people_trgm_email ON people USING gin (tenant_id, search_norm(email) gin_trgm_ops);
CREATE INDEX people_trgm_city ON people USING gin (tenant_id, search_norm(city) gin_trgm_ops);
CREATE INDEX people_trgm_neighborhood ON people USING gin (tenant_id, search_norm(neighborhood) gin_trgm_ops);
CREATE INDEX people_trgm_street ON people USING gin (tenant_id, search_norm(street) gin_trgm_ops);
CREATE INDEX people_trgm_cellphone ON people USING gin (tenant_id, cellphone gin_trgm_ops);
-- Tags: = and IN (&&), IN_ALL (@>).
CREATE INDEX people_tags ON people USING gin (tenant_id, tag_ids);

-- Companies (voting places: thousands per tenant at most).
CREATE INDEX companies_trgm_name ON companies USING gin (tenant_id, search_norm(name) gin_trgm_ops);
CREATE INDEX companies_prefix_name ON companies (tenant_id, search_norm(name) text_pattern_ops);
CREATE INDEX companies_tags ON companies USING gin (tenant_id, tag_ids);
CREATE INDEX companies_created ON companies (tenant_id, created_at, id);
