-- People and team exports (issue 11) in the export log of 0005 (export_logs: tenant_id leading
-- its key, ENABLE + FORCE row-level security, policy tenant_isolation), so that one table answers
-- an LGPD audit for every export. kind 'PERSON' or 'TEAM' for these; filter holds the expression.
--
-- A people export is recorded in two steps (modules/people-export): the row is inserted and
-- committed as STARTED, total_rows being the count about to be written, before the first row
-- leaves; when the stream ends it is updated to DONE, or INTERRUPTED when the client went away,
-- with the rows actually written. A row left STARTED is an export cut by a failure: its count is
-- the most it could have written.
ALTER TABLE export_logs
  ADD COLUMN list_code bigint,
  ADD COLUMN list_name text,
  ADD COLUMN status text NOT NULL DEFAULT 'DONE' CHECK (status IN ('STARTED', 'DONE', 'INTERRUPTED')),
  ADD COLUMN finished_at timestamptz;

-- the history of one kind, newest first
CREATE INDEX export_logs_kind ON export_logs (tenant_id, kind, created_at DESC, id DESC);

