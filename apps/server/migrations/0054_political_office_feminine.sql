-- Issue 40 (item 9): a politician's office may be its feminine form ('Deputada Federal', 'Vereadora'…),
-- stored as chosen; the donation provider, which names the offices in the masculine, gets the
-- masculine one (politicians.constants.ts providerOffice). 'Presidente' serves both.
ALTER TABLE politicians DROP CONSTRAINT politicians_political_office_check;
ALTER TABLE politicians ADD CONSTRAINT politicians_political_office_check CHECK (political_office IN (
  'PRESIDENTE', 'GOVERNADOR', 'GOVERNADORA', 'PREFEITO', 'PREFEITA', 'SENADOR', 'SENADORA',
  'DEPUTADO_DISTRITAL', 'DEPUTADA_DISTRITAL', 'DEPUTADO_FEDERAL', 'DEPUTADA_FEDERAL',
  'DEPUTADO_ESTADUAL', 'DEPUTADA_ESTADUAL', 'VEREADOR', 'VEREADORA'));
