-- The main menu's quick search (issue 13) finds a contact by the start of the e-mail at a million
-- contacts: starts_with (^@) is leakproof, so under FORCE ROW LEVEL SECURITY an index may answer
-- it, but only a text_pattern_ops btree does so whatever the database collation (the default
-- opclass serves a prefix only under the C collation). Equality (the dedupe of the import and of
-- the sponsor sign-up) uses the same index: one index, as before, no extra write.
DROP INDEX people_email;
CREATE INDEX people_email ON people (tenant_id, email text_pattern_ops) WHERE email IS NOT NULL;
