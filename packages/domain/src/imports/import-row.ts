import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { hasControlCharacters } from '../common/text.ts';
import { BR_STATES, type BrState, type Gender, type Vote } from '../crm/enums.ts';
import { PERSON_MESSAGES } from '../crm/person.schemas.ts';
import {
  brDateToIso,
  isValidCep,
  isValidCpf,
  isValidIsoDate,
  isValidPhone,
  onlyDigits,
} from '../crm/validators.ts';
import { IMPORT_MAX_TAGS_PER_ROW, IMPORT_MESSAGES, type ImportType } from './import.schemas.ts';
import { IMPORT_GENDER_LABELS, IMPORT_VOTE_LABELS, type ImportColumn } from './import-columns.ts';

/** A cell as read: text, number, boolean or a date (a date-formatted number), or nothing. */
export type ImportCell = string | number | boolean | Date | null | undefined;

/** A validated row, normalised as stored (digits only, e-mail lower case, ISO dates). */
export interface ImportRow {
  line: number;
  /** people.id given in the `codigo` column (an exported sheet): the person this row updates */
  code?: string;
  name?: string;
  email?: string;
  vote?: Vote;
  nickname?: string;
  gender?: Gender;
  influence?: number;
  birthDate?: string;
  cellphone?: string;
  phoneTwo?: string;
  cpf?: string;
  profession?: string;
  votingZone?: string;
  votingSection?: string;
  notes?: string;
  tags?: string[];
  street?: string;
  number?: string;
  complement?: string;
  neighborhood?: string;
  city?: string;
  state?: BrState;
  zipCode?: string;
  /**
   * The godfather: found by `code` (people.id, the export's codigo_padrinho), else by e-mail or
   * cellphone (or created with them). A name alone is taken only on a row with `code`: it must
   * be that person's current godfather (an exported sheet whose godfather has no contact).
   */
  godfather?: { name?: string; cellphone?: string; email?: string; code?: string };
}

export type ImportRowResult =
  | { ok: true; row: ImportRow }
  | { ok: false; errors: Partial<Record<ImportColumn, string[]>> };

/** Printable ASCII, tab and line breaks only. */
const PLAIN = /^[\x20-\x7E\t\n\r]*$/;
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
const SPACES = /[\u00A0\u2007\u202F]/g;
/** Half of a UTF-16 pair: broken UTF-8 decoded, or a string cut in the middle of a character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const emailCheck = z.email();

/** The searchable form of a label: upper case, no accents, single spaces. */
const labelKeys = new Map<string, string>();
const labelKey = (v: string) => {
  let key = labelKeys.get(v);
  if (key === undefined) {
    key = v
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toUpperCase()
      .replace(/[\s_]+/g, ' ')
      .trim();
    if (labelKeys.size < 1000) labelKeys.set(v, key);
  }
  return key;
};

const VOTE_BY_LABEL = new Map<string, Vote>(
  Object.entries(IMPORT_VOTE_LABELS).map(([k, v]) => [labelKey(v), k as Vote]),
);
const GENDER_BY_LABEL = new Map<string, Gender>(
  Object.entries(IMPORT_GENDER_LABELS).map(([k, v]) => [labelKey(v), k as Gender]),
);
// the stored codes are also accepted (an export written by the API, a hand-made file)
for (const v of Object.keys(IMPORT_VOTE_LABELS)) VOTE_BY_LABEL.set(labelKey(v), v as Vote);
for (const g of Object.keys(IMPORT_GENDER_LABELS)) GENDER_BY_LABEL.set(labelKey(g), g as Gender);
const STATES = new Set<string>(BR_STATES);

const TEXT_LIMITS: Partial<Record<ImportColumn, number>> = {
  nome: 150,
  apelido: 100,
  profissao: 100,
  observacoes: 5000,
  rua: 200,
  numero: 20,
  complemento: 100,
  bairro: 100,
  cidade: 100,
  nome_padrinho: 150,
  zona: 10,
  secao: 10,
};

/** A date cell (ExcelJS gives dates at UTC midnight) as YYYY-MM-DD. */
const isoOfDate = (d: Date) => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10));

/**
 * A cell as text: numbers without exponent or grouping (digits of a CPF typed as a number), dates
 * as dd/mm/aaaa, invisible characters dropped, odd spaces made plain, NFC, trimmed.
 */
export function cellText(value: ImportCell): string | { bad: true } {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = isoOfDate(value);
    return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return Number.isInteger(value) ? BigInt(value).toString() : String(value).replace('.', ',');
  }
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  // most cells are plain printable ASCII: nothing to clean
  if (PLAIN.test(value)) return value.trim();
  if (LONE_SURROGATE.test(value)) return { bad: true };
  return value.replace(INVISIBLE, '').replace(SPACES, ' ').normalize('NFC').trim();
}

/**
 * One data row of the spreadsheet (cells by header) → the row to import, or its messages per
 * column in pt-BR. `type` TEAM needs an e-mail (a team member's login).
 */
export function parseImportRow(
  line: number,
  cells: Partial<Record<ImportColumn, ImportCell>>,
  type: ImportType = 'PERSON',
): ImportRowResult {
  const errors: Partial<Record<ImportColumn, string[]>> = {};
  const fail = (column: ImportColumn, message: string) => {
    const list = errors[column];
    if (list) {
      if (!list.includes(message)) list.push(message);
    } else errors[column] = [message];
  };
  const text = (column: ImportColumn): string | undefined => {
    const value = cellText(cells[column]);
    if (typeof value !== 'string') {
      fail(column, IMPORT_MESSAGES.badText);
      return undefined;
    }
    if (!value) return undefined;
    if (!PLAIN.test(value) && hasControlCharacters(value)) {
      fail(column, MESSAGES.controlCharacters);
      return undefined;
    }
    const max = TEXT_LIMITS[column];
    if (max && value.length > max) {
      fail(column, IMPORT_MESSAGES.tooLong(max));
      return undefined;
    }
    return value;
  };
  const email = (column: ImportColumn) => {
    const v = text(column)?.toLowerCase();
    if (!v) return undefined;
    if (v.length > 254 || !emailCheck.safeParse(v).success) {
      fail(column, PERSON_MESSAGES.email);
      return undefined;
    }
    return v;
  };
  const digits = (column: ImportColumn, check: (v: string) => boolean, message: string, pad = 0) => {
    const raw = cells[column];
    const v = text(column);
    if (!v) return undefined;
    let d = onlyDigits(v);
    // a number cell lost its leading zeros (CPF 012…, CEP 01001-000)
    if (typeof raw === 'number' && pad > 0) d = d.padStart(pad, '0');
    if (/[^\d\s().\-+/]/.test(v) || !check(d)) {
      fail(column, message);
      return undefined;
    }
    return d;
  };
  const numeric = (column: ImportColumn) => {
    const v = text(column);
    if (!v) return undefined;
    if (!/^\d+$/.test(v)) {
      fail(column, IMPORT_MESSAGES.numeric);
      return undefined;
    }
    return v;
  };

  const row: ImportRow = { line };
  const code = text('codigo');
  if (code) {
    if (/^[1-9]\d{0,17}$/.test(code)) row.code = code;
    else fail('codigo', IMPORT_MESSAGES.code);
  }
  row.name = text('nome');
  row.email = email('email');
  const vote = text('voto');
  if (vote) {
    row.vote = VOTE_BY_LABEL.get(labelKey(vote));
    if (!row.vote) fail('voto', IMPORT_MESSAGES.vote);
  }
  row.nickname = text('apelido');
  const gender = text('genero');
  if (gender) {
    row.gender = GENDER_BY_LABEL.get(labelKey(gender));
    if (!row.gender) fail('genero', IMPORT_MESSAGES.gender);
  }
  const influence = text('influencia');
  if (influence) {
    const n = /^\d+$/.test(influence) ? Number(influence) : Number.NaN;
    if (!Number.isInteger(n) || n < 0 || n > 1_000_000) fail('influencia', IMPORT_MESSAGES.influence);
    else row.influence = n;
  }
  const birth = cells.data instanceof Date ? isoOfDate(cells.data) : text('data');
  if (birth) {
    const iso = cells.data instanceof Date ? birth : brDateToIso(birth);
    const today = new Date().toISOString().slice(0, 10);
    if (!iso || !isValidIsoDate(iso) || iso < '1901-01-01' || iso > today) fail('data', PERSON_MESSAGES.date);
    else row.birthDate = iso;
  }
  row.cellphone = digits('celular', isValidPhone, PERSON_MESSAGES.phone);
  row.phoneTwo = digits('telefone', isValidPhone, PERSON_MESSAGES.phone);
  row.cpf = digits('cpf', isValidCpf, PERSON_MESSAGES.cpf, 11);
  row.profession = text('profissao');
  row.votingZone = numeric('zona');
  row.votingSection = numeric('secao');
  row.notes = text('observacoes');
  const tags = text('tags');
  if (tags) {
    const names = new Map<string, string>();
    for (const part of tags.split(/[,;]/)) {
      const name = part.trim().replace(/\s+/g, ' ');
      if (!name) continue;
      if (name.length > 60) fail('tags', IMPORT_MESSAGES.tag);
      else if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
    }
    if (names.size > IMPORT_MAX_TAGS_PER_ROW) fail('tags', IMPORT_MESSAGES.tooManyTags);
    else if (names.size > 0) row.tags = [...names.values()];
  }
  row.street = text('rua');
  row.number = text('numero');
  row.complement = text('complemento');
  row.neighborhood = text('bairro');
  row.city = text('cidade');
  const state = text('estado')?.toUpperCase();
  if (state) {
    if (STATES.has(state)) row.state = state as BrState;
    else fail('estado', IMPORT_MESSAGES.state);
  }
  row.zipCode = digits('cep', isValidCep, PERSON_MESSAGES.cep, 8);
  const hasAddress = [row.street, row.number, row.complement, row.neighborhood, row.city, row.zipCode].some(
    (v) => v !== undefined,
  );
  if (hasAddress && !row.state && !errors.estado) fail('estado', PERSON_MESSAGES.stateRequired);

  const godfather: NonNullable<ImportRow['godfather']> = {
    name: text('nome_padrinho'),
    cellphone: digits('celular_padrinho', isValidPhone, PERSON_MESSAGES.phone),
    email: email('email_padrinho'),
  };
  const godfatherCode = text('codigo_padrinho');
  if (godfatherCode) {
    if (/^[1-9]\d{0,17}$/.test(godfatherCode)) godfather.code = godfatherCode;
    else fail('codigo_padrinho', IMPORT_MESSAGES.godfatherCode);
  }
  const godfatherGiven = ['nome_padrinho', 'celular_padrinho', 'email_padrinho', 'codigo_padrinho'].some(
    (c) => cellText(cells[c as ImportColumn]) !== '',
  );
  if (godfatherGiven) {
    const found = godfather.cellphone || godfather.email || godfather.code;
    // a name alone names the current godfather of the person the row's code updates
    const current = godfather.name && row.code;
    if (!found && !current) {
      if (!errors.celular_padrinho && !errors.email_padrinho && !errors.codigo_padrinho)
        fail('nome_padrinho', IMPORT_MESSAGES.godfatherContact);
    } else if (!errors.celular_padrinho && !errors.email_padrinho && !errors.codigo_padrinho)
      row.godfather = dropUndefined(godfather);
  }

  if (!row.name && !row.email && !row.cellphone && !errors.nome && !errors.email && !errors.celular)
    fail('nome', PERSON_MESSAGES.oneOfRequired);
  if (type === 'TEAM' && !row.email && !errors.email) fail('email', PERSON_MESSAGES.teamNeedsEmail);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, row: dropUndefined(row) };
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

/** Whether every cell of a row is blank (such rows are not records; they are passed over). */
export function isBlankRow(cells: readonly ImportCell[]): boolean {
  return cells.every((c) => {
    const t = cellText(c);
    return typeof t === 'string' && t === '';
  });
}
