-- Issue 39 (item 1): SMS credits as the carrier bills each message actually sent. The freeze counts
-- every PENDING recipient's SMS with the merge tags filled (countSms of composeSms) and debits the
-- sum; the parts of each message are kept on its recipient, so a message never sent gives back what
-- was debited for it. Null for e-mail and for recipients frozen before this migration (their shot's
-- sms_parts then).
ALTER TABLE mkt_shot_recipients ADD COLUMN sms_parts smallint CHECK (sms_parts BETWEEN 1 AND 10);
-- The identification the freeze counted the messages with: the dispatch sends that one, so what is
-- sent is what was debited even when the settings change during the send. Null for e-mail, drafts
-- and shots frozen before this migration (the settings' identification then).
ALTER TABLE mkt_shots ADD COLUMN sms_identification text CHECK (length(sms_identification) BETWEEN 1 AND 30);
