-- A shot may go to the special list of its type (code 1 'Pessoas', 2 'Equipe': everyone of the type
-- the author may see), which is not a row of segments. segment_id becomes the list's code: a saved
-- list (ids from 100) or a special code. Saved lists are never deleted (only deactivated), so the
-- foreign key's ON DELETE SET NULL never acted; the service checks the list on every save and send.
ALTER TABLE mkt_shots DROP CONSTRAINT mkt_shots_tenant_id_segment_id_fkey;
ALTER TABLE mkt_shots ADD CONSTRAINT mkt_shots_segment_code
  CHECK (segment_id IS NULL OR segment_id IN (1, 2) OR segment_id >= 100);
