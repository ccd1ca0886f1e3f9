-- Issue 31, follow-up: what was recorded before 0044 now shows in the privacy records, and the audit
-- log's actions for a login the operator activates or deactivates, a team member's login created
-- and one person deleted. Written to be re-applied safely.

-- The owner is subject to FORCE RLS on PostgreSQL, where 0044's copy of sponsor_consents read no
-- row; the copies below lift it inside this transaction only (as 0036 does).
ALTER TABLE people NO FORCE ROW LEVEL SECURITY;
ALTER TABLE mkt_opt_outs NO FORCE ROW LEVEL SECURITY;
ALTER TABLE person_opt_outs NO FORCE ROW LEVEL SECURITY;
ALTER TABLE sponsor_consents NO FORCE ROW LEVEL SECURITY;
ALTER TABLE person_consents NO FORCE ROW LEVEL SECURITY;

-- The shots' opt-outs (mkt_opt_outs, kept by address) as the opt-outs of the people holding that
-- address, in the same tenant, on the key the shots use (people.repository addressOf): the e-mail
-- (people keep it in lower case), the mobile as 55 and its last 11 digits. A person's opt-out
-- already recorded stays.
INSERT INTO person_opt_outs (tenant_id, person_id, channel, source, at)
SELECT p.tenant_id, p.id, o.channel, upper(replace(o.source, '-', '_')), o.created_at
FROM mkt_opt_outs o
JOIN people p ON p.tenant_id = o.tenant_id AND p.email = o.address
WHERE o.channel = 'EMAIL'
ON CONFLICT DO NOTHING;

INSERT INTO person_opt_outs (tenant_id, person_id, channel, source, at)
SELECT p.tenant_id, p.id, o.channel, upper(replace(o.source, '-', '_')), o.created_at
FROM mkt_opt_outs o
JOIN people p ON p.tenant_id = o.tenant_id
  AND '55' || right(regexp_replace(p.cellphone, '[^0-9]', '', 'g'), 11) = o.address
WHERE o.channel = 'SMS'
ON CONFLICT DO NOTHING;

-- The sponsor form's consents 0044 did not copy (each person's consent with those terms, once).
INSERT INTO person_consents (tenant_id, person_id, purpose, lawful_basis, source, terms_hash, created_at)
SELECT s.tenant_id, s.person_id, 'Cadastro pelo formulário de apadrinhamento', 'CONSENT', 'SPONSOR_FORM',
  s.terms_hash, s.accepted_at
FROM sponsor_consents s
WHERE NOT EXISTS (
  SELECT 1 FROM person_consents c
  WHERE c.tenant_id = s.tenant_id AND c.person_id = s.person_id AND c.source = 'SPONSOR_FORM'
    AND c.terms_hash IS NOT DISTINCT FROM s.terms_hash);

ALTER TABLE people FORCE ROW LEVEL SECURITY;
ALTER TABLE mkt_opt_outs FORCE ROW LEVEL SECURITY;
ALTER TABLE person_opt_outs FORCE ROW LEVEL SECURITY;
ALTER TABLE sponsor_consents FORCE ROW LEVEL SECURITY;
ALTER TABLE person_consents FORCE ROW LEVEL SECURITY;

-- The audit log's new actions: USER_ACTIVATION (the operator's 'user set-active'), USER_CREATE (a
-- team member's login), PERSON_DELETE (one person removed; BULK_DELETE stays for the bulk delete).
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('EXPORT', 'PRIVACY_REQUEST',
  'PRIVACY_FULFIL', 'PERMISSION_CHANGE', 'BULK_DELETE', 'MERGE', 'MERGE_UNDO', 'SIGN_IN_NEW_DEVICE',
  'USER_ACTIVATION', 'USER_CREATE', 'PERSON_DELETE'));
