-- Issue 38: an import's rows are validated and staged in short transactions, one a batch, never in
-- one transaction held for the whole sheet (on the embedded engine that transaction held the one
-- connection every tenant shares). Until its verdict, the import is hidden (validating_since set):
-- a sheet with inconsistencies deletes it with its staged rows; one left by a crash is deleted by
-- the tenant's next import after an hour.
ALTER TABLE imports ADD COLUMN validating_since timestamptz;
