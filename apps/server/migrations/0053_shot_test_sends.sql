-- Issue 40 item 3: the test send of a shot goes through the real transport. With the embedded one
-- its messages are kept in the outbox like a shot's, but they are no recipient's: recipient_id is
-- empty and test_by names the user who sent them (only they see them in the outbox). A test message
-- creates no recipient, no event and no report line, and cannot be marked or answered.
ALTER TABLE mkt_shot_outbox ALTER COLUMN recipient_id DROP NOT NULL;
ALTER TABLE mkt_shot_outbox ADD COLUMN test_by bigint;
ALTER TABLE mkt_shot_outbox ADD CONSTRAINT mkt_shot_outbox_test_check
  CHECK ((recipient_id IS NULL) = (test_by IS NOT NULL));
ALTER TABLE mkt_shot_outbox ADD CONSTRAINT mkt_shot_outbox_test_by_fkey
  FOREIGN KEY (tenant_id, test_by) REFERENCES users (tenant_id, id) ON DELETE CASCADE;
