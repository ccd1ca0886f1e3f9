/**
 * The people spreadsheet (spec 2 §3 "Import spreadsheet"): its columns in template order, with the
 * pt-BR header each one carries. Shared by the import (server), the downloadable template (web) and
 * the CSV export, so an export re-imports cleanly.
 */
export const IMPORT_COLUMNS = [
  { header: 'nome', example: 'Maria da Silva' },
  { header: 'email', example: 'maria.silva@exemplo.com.br' },
  { header: 'voto', example: 'A CONQUISTAR' },
  { header: 'apelido', example: 'Mari' },
  { header: 'genero', example: 'FEMININO' },
  { header: 'influencia', example: '10' },
  { header: 'data', example: '15/03/1985' },
  { header: 'celular', example: '(81) 99999-8888' },
  { header: 'telefone', example: '(81) 3333-4444' },
  { header: 'cpf', example: '529.982.247-25' },
  { header: 'profissao', example: 'Professora' },
  { header: 'zona', example: '12' },
  { header: 'secao', example: '345' },
  { header: 'observacoes', example: 'Conhecida na associação do bairro' },
  { header: 'tags', example: 'Saúde, Educação' },
  { header: 'rua', example: 'Rua da Aurora' },
  { header: 'numero', example: '100' },
  { header: 'complemento', example: 'Apto 201' },
  { header: 'bairro', example: 'Boa Vista' },
  { header: 'cidade', example: 'Recife' },
  { header: 'estado', example: 'PE' },
  { header: 'cep', example: '50050-000' },
  { header: 'nome_padrinho', example: 'João Souza' },
  { header: 'celular_padrinho', example: '(81) 98888-7777' },
  { header: 'email_padrinho', example: 'joao.souza@exemplo.com.br' },
  // the godfather's code (Cód. Contato), written by the export: names the godfather even when they
  // have neither cellphone nor e-mail (issue 39 item 10), so every exported row re-imports
  { header: 'codigo_padrinho', example: '' },
  // the person's code (Cód. Contato), written by the export: a row with it updates that person
  // whatever its e-mail or CPF, so contacts without either re-import without being doubled
  { header: 'codigo', example: '' },
] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number]['header'];
export const IMPORT_HEADERS: readonly ImportColumn[] = IMPORT_COLUMNS.map((c) => c.header);
/** Columns a file may leave out (a template downloaded before they existed, a hand-made sheet). */
export const IMPORT_OPTIONAL_HEADERS: readonly ImportColumn[] = ['codigo', 'codigo_padrinho'];
export const IMPORT_REQUIRED_HEADERS: readonly ImportColumn[] = IMPORT_HEADERS.filter(
  (h) => !IMPORT_OPTIONAL_HEADERS.includes(h),
);

/** Spreadsheet labels of the vote stances (spec 2 §3) and of the genders. */
export const IMPORT_VOTE_LABELS = {
  TO_CONQUER: 'A CONQUISTAR',
  CONQUERED: 'CONQUISTADO',
  LOST: 'PERDIDO',
} as const;
export const IMPORT_GENDER_LABELS = {
  FEMALE: 'FEMININO',
  MALE: 'MASCULINO',
  NOT_BINARY: 'NÃO BINÁRIO',
  OTHER: 'OUTRO',
} as const;

/** A header cell as compared: trimmed, lower case, without accents, spaces as '_'. */
export function headerKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** Column letters of a 1-based column number (1 → A, 27 → AA). */
export function columnLetter(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}
