import type { Gender, Vote } from '../crm/enums.ts';
import {
  IMPORT_GENDER_LABELS,
  IMPORT_HEADERS,
  IMPORT_VOTE_LABELS,
  type ImportColumn,
} from '../imports/import-columns.ts';

/**
 * The CSV export of people and team lists writes the import spreadsheet (spec 2 §3, the columns
 * of imports/import-columns.ts, in template order) so that an export re-imports cleanly: the
 * `voto`/`genero` labels of the import, dates dd/mm/aaaa, tags comma-separated, the godfather by
 * name, phone, e-mail and code (codigo_padrinho: a godfather without phone or e-mail is found by it).
 */
export const PEOPLE_SHEET_COLUMNS: readonly ImportColumn[] = IMPORT_HEADERS;

/** Separator of the names in the `tags` cell. */
export const SHEET_TAG_SEPARATOR = ', ';

/** 'YYYY-MM-DD' (as stored) → 'dd/mm/aaaa'; anything else → ''. */
export function sheetDate(isoDate: string | null | undefined): string {
  const m = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** A person as one spreadsheet row needs it (stored values; labels are applied by sheetRow). */
export interface PeopleSheetValues {
  name: string | null;
  email: string | null;
  vote: string;
  nickname: string | null;
  gender: string | null;
  influence: number;
  birthDate: string | null;
  cellphone: string | null;
  phoneTwo: string | null;
  cpf: string | null;
  profession: string | null;
  votingZone: string | null;
  votingSection: string | null;
  notes: string | null;
  tagNames: readonly string[];
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  godfatherName: string | null;
  godfatherCellphone: string | null;
  godfatherEmail: string | null;
  /** people.id, the `codigo` column */
  code: string;
  /** the godfather's people.id, the `codigo_padrinho` column (a godfather may have no contact) */
  godfatherCode: string | null;
}

/** The cells of one person, in PEOPLE_SHEET_COLUMNS order (null = empty cell). */
export function sheetRow(p: PeopleSheetValues): (string | number | null)[] {
  const cells: Record<ImportColumn, string | number | null> = {
    nome: p.name,
    email: p.email,
    voto: IMPORT_VOTE_LABELS[p.vote as Vote] ?? p.vote,
    apelido: p.nickname,
    genero: p.gender ? (IMPORT_GENDER_LABELS[p.gender as Gender] ?? p.gender) : null,
    influencia: p.influence,
    data: sheetDate(p.birthDate),
    celular: p.cellphone,
    telefone: p.phoneTwo,
    cpf: p.cpf,
    profissao: p.profession,
    zona: p.votingZone,
    secao: p.votingSection,
    observacoes: p.notes,
    tags: p.tagNames.join(SHEET_TAG_SEPARATOR),
    rua: p.street,
    numero: p.number,
    complemento: p.complement,
    bairro: p.neighborhood,
    cidade: p.city,
    estado: p.state,
    cep: p.zipCode,
    nome_padrinho: p.godfatherName,
    celular_padrinho: p.godfatherCellphone,
    email_padrinho: p.godfatherEmail,
    codigo: p.code,
    codigo_padrinho: p.godfatherCode,
  };
  return PEOPLE_SHEET_COLUMNS.map((column) => cells[column]);
}
