import { BR_STATES, CONTACT_STATUSES, GENDERS, type SegmentType, VOTES } from '../crm/enums.ts';

export const COMPARE_OPERATORS = [
  '=',
  '>',
  '<',
  '>=',
  '<=',
  'BETWEEN',
  'IN',
  'CONTAINS',
  'STARTS_WITH',
  'IN_ALL',
] as const;
export type CompareOperator = (typeof COMPARE_OPERATORS)[number];
export const LOGIC_OPERATORS = ['AND', 'OR'] as const;
export type LogicOperator = (typeof LOGIC_OPERATORS)[number];
export const LOGIC_LABELS: Record<LogicOperator, string> = { AND: 'e', OR: 'ou' };

/**
 * Field kinds and their operators (spec 2 §5 "Operators by field kind").
 * - string: one text; number/date: one value, two for BETWEEN; birthDate: parts or quick values;
 * - enum/autocomplete: one value for '=', one or more for IN; tags also IN_ALL.
 */
export type FieldKind = 'string' | 'number' | 'date' | 'birthDate' | 'enum' | 'autocomplete' | 'tags';

export const OPERATORS_BY_KIND: Record<FieldKind, readonly CompareOperator[]> = {
  string: ['=', 'CONTAINS', 'STARTS_WITH'],
  number: ['=', '>', '>=', '<', '<=', 'BETWEEN'],
  date: ['=', '>', '>=', '<', '<=', 'BETWEEN'],
  birthDate: ['=', 'BETWEEN'],
  enum: ['=', 'IN'],
  autocomplete: ['=', 'IN'],
  tags: ['=', 'IN', 'IN_ALL'],
};

export const OPERATOR_LABELS: Record<CompareOperator, string> = {
  '=': 'igual a',
  '>': 'maior que',
  '<': 'menor que',
  '>=': 'maior ou igual a',
  '<=': 'menor ou igual a',
  BETWEEN: 'entre',
  IN: 'é um de',
  CONTAINS: 'contém',
  STARTS_WITH: 'começa com',
  IN_ALL: 'tem todas',
};

/** What an autocomplete field looks up: people, companies or users (team members). */
export type AutocompleteSource = 'person' | 'company' | 'user';

export interface FieldDef {
  field: string;
  label: string;
  kind: FieldKind;
  /** enum fields: allowed values */
  values?: readonly string[];
  source?: AutocompleteSource;
}

const PERSON_FIELDS: FieldDef[] = [
  { field: 'name', label: 'Nome', kind: 'string' },
  { field: 'gender', label: 'Gênero', kind: 'enum', values: GENDERS },
  { field: 'influence', label: 'Influência', kind: 'number' },
  { field: 'vote', label: 'Voto', kind: 'enum', values: VOTES },
  { field: 'birthDate', label: 'Data de nascimento', kind: 'birthDate' },
  { field: 'email', label: 'E-mail', kind: 'string' },
  { field: 'emailStatus', label: 'Status do e-mail', kind: 'enum', values: CONTACT_STATUSES },
  { field: 'smsStatus', label: 'Status do SMS', kind: 'enum', values: CONTACT_STATUSES },
  { field: 'cellphone', label: 'Celular', kind: 'string' },
  { field: 'street', label: 'Rua', kind: 'string' },
  { field: 'city', label: 'Cidade', kind: 'string' },
  { field: 'neighborhood', label: 'Bairro', kind: 'string' },
  { field: 'state', label: 'Estado', kind: 'enum', values: BR_STATES },
  { field: 'tags', label: 'Tags', kind: 'tags' },
  { field: 'godfatherCode', label: 'Padrinho', kind: 'autocomplete', source: 'person' },
  { field: 'createDate', label: 'Data de cadastro', kind: 'date' },
  { field: 'createPersonCode', label: 'Cadastrado por', kind: 'autocomplete', source: 'user' },
  { field: 'cpf', label: 'CPF', kind: 'string' },
  { field: 'profession', label: 'Profissão', kind: 'string' },
  { field: 'companyCode', label: 'Local de votação', kind: 'autocomplete', source: 'company' },
  { field: 'votingZone', label: 'Zona eleitoral', kind: 'string' },
  { field: 'votingSection', label: 'Seção eleitoral', kind: 'string' },
];

const COMPANY_FIELDS: FieldDef[] = [
  { field: 'name', label: 'Nome', kind: 'string' },
  { field: 'email', label: 'E-mail', kind: 'string' },
  { field: 'street', label: 'Rua', kind: 'string' },
  { field: 'city', label: 'Cidade', kind: 'string' },
  { field: 'neighborhood', label: 'Bairro', kind: 'string' },
  { field: 'state', label: 'Estado', kind: 'enum', values: BR_STATES },
  { field: 'tags', label: 'Tags', kind: 'tags' },
  { field: 'createDate', label: 'Data de cadastro', kind: 'date' },
  { field: 'createPersonCode', label: 'Cadastrado por', kind: 'autocomplete', source: 'user' },
  { field: 'cnpj', label: 'CNPJ', kind: 'string' },
  { field: 'companyCode', label: 'Local de votação', kind: 'autocomplete', source: 'company' },
  { field: 'mainContactCode', label: 'Contato principal', kind: 'autocomplete', source: 'person' },
];

/** The whitelist of filterable fields per segment type (spec 2 §3 "Filter expression"). */
export const FILTER_FIELDS: Record<SegmentType, readonly FieldDef[]> = {
  PERSON: PERSON_FIELDS,
  TEAM: PERSON_FIELDS,
  COMPANY: COMPANY_FIELDS,
};

export function fieldDef(type: SegmentType, field: string): FieldDef | undefined {
  return FILTER_FIELDS[type].find((f) => f.field === field);
}
