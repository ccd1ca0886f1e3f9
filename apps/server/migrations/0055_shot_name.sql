-- Issue 40 (item 4): a shot has a name of its own, which only the team sees in the list ('Nome do
-- envio'); null: the list names it by its subject (e-mail) or its message (SMS). A clone is named
-- '… (cópia)' here, so that the subject and the message it sends stay its source's.
ALTER TABLE mkt_shots ADD COLUMN name text;
ALTER TABLE mkt_shots ADD CONSTRAINT mkt_shots_name_check CHECK (char_length(name) <= 120);
