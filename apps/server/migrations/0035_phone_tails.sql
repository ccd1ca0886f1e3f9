-- The quick search finds a contact by any tail of 4+ digits of a phone ('98498-4562', '4562').
-- A tail of the number is a prefix of its digits reversed, which a text_pattern_ops btree answers
-- with starts_with (^@, leakproof: usable as an index condition under FORCE ROW LEVEL SECURITY).
-- reverse() is not leakproof, so the reversed digits are stored, not an expression index
-- (as birth_md in 0006). Phones are stored as digits; the regexp keeps any older masked value found.
ALTER TABLE people
  ADD COLUMN cellphone_reversed text
    GENERATED ALWAYS AS (reverse(regexp_replace(cellphone, '[^0-9]', '', 'g'))) STORED,
  ADD COLUMN phone_two_reversed text
    GENERATED ALWAYS AS (reverse(regexp_replace(phone_two, '[^0-9]', '', 'g'))) STORED;
CREATE INDEX people_tail_cellphone ON people (tenant_id, is_team, cellphone_reversed text_pattern_ops)
  WHERE cellphone_reversed IS NOT NULL;
CREATE INDEX people_tail_phone_two ON people (tenant_id, is_team, phone_two_reversed text_pattern_ops)
  WHERE phone_two_reversed IS NOT NULL;
