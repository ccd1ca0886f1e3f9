/**
 * The duplicates centre (issue 31): contacts that look like the same person, found by CPF, e-mail,
 * mobile number or name + birth date, scored, merged choosing each field and undone within 30 days.
 */
export const DUPLICATE_KEYS = ['CPF', 'EMAIL', 'MOBILE', 'NAME_BIRTH'] as const;
export type DuplicateKey = (typeof DUPLICATE_KEYS)[number];

/** Score of a group matched by one key; each further key the same people share adds DUPLICATE_EXTRA_KEY. */
export const DUPLICATE_KEY_SCORES: Readonly<Record<DuplicateKey, number>> = {
  CPF: 100,
  EMAIL: 90,
  MOBILE: 80,
  NAME_BIRTH: 70,
};
export const DUPLICATE_EXTRA_KEY = 5;

/** The score of a group of people that share every key of `keys` (0–100). */
export function duplicateScore(keys: readonly DuplicateKey[]): number {
  if (keys.length === 0) return 0;
  const best = Math.max(...keys.map((k) => DUPLICATE_KEY_SCORES[k]));
  return Math.min(100, best + DUPLICATE_EXTRA_KEY * (keys.length - 1));
}

/** More people than this sharing a value is a placeholder ('naotem@…', '00000000000'), not a person. */
export const DUPLICATE_GROUP_MAX = 20;
/** People in one merge (the survivor and the merged ones). */
export const MERGE_MAX_PEOPLE = 10;
/** Days a merge can be undone; the merged people's rows are kept that long. */
export const MERGE_UNDO_DAYS = 30;

export const DUPLICATE_KEY_LABELS: Readonly<Record<DuplicateKey, string>> = {
  CPF: 'CPF',
  EMAIL: 'E-mail',
  MOBILE: 'Celular',
  NAME_BIRTH: 'Nome e nascimento',
};

/** The fields chosen person by person in a merge; tags are always joined. */
export const MERGE_FIELDS = [
  'name',
  'email',
  'cellphone',
  'phoneTwo',
  'cpf',
  'birthDate',
  'nickname',
  'gender',
  'address',
  'profession',
  'company',
  'godfather',
  'votingZone',
  'votingSection',
  'notes',
  'vote',
  'influence',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const MERGE_FIELD_LABELS: Readonly<Record<MergeField, string>> = {
  name: 'Nome',
  email: 'E-mail',
  cellphone: 'Celular',
  phoneTwo: 'Telefone 2',
  cpf: 'CPF',
  birthDate: 'Data de nascimento',
  nickname: 'Apelido',
  gender: 'Gênero',
  address: 'Endereço',
  profession: 'Profissão',
  company: 'Local de votação',
  godfather: 'Padrinho',
  votingZone: 'Zona eleitoral',
  votingSection: 'Seção eleitoral',
  notes: 'Observações',
  vote: 'Voto',
  influence: 'Meta',
};

export const DUPLICATES_TEXTS = {
  invalidCode: 'Código de contato inválido',
  invalidMergeCode: 'Código de mesclagem inválido',
  mergedRequired: 'Informe ao menos um contato a mesclar',
  tooMany: `Mescle no máximo ${MERGE_MAX_PEOPLE} contatos de uma vez`,
  withItself: 'Um contato não pode ser mesclado com ele mesmo',
  repeated: 'Contato repetido na mesclagem',
  unknownPerson: 'Contato não encontrado',
  teamMember: 'Membros da equipe não entram na mesclagem de contatos',
  fieldNotInMerge: 'O valor escolhido deve ser de um dos contatos da mesclagem',
  mergeNotFound: 'Mesclagem não encontrada',
  alreadyUndone: 'Esta mesclagem já foi desfeita',
  undoExpired: `A mesclagem só pode ser desfeita em até ${MERGE_UNDO_DAYS} dias`,
  survivorGone:
    'O contato que ficou com os dados não existe mais (foi excluído ou mesclado de novo); desfaça antes a operação mais recente',
  mergedBack: 'Um dos contatos mesclados já existe de novo; não é possível desfazer',
  mergeCollision:
    'A mesclagem repetiria para o contato um registro que só pode existir uma vez; nada foi alterado',
  undoBlocked:
    'Não é possível desfazer: dados ligados a estes contatos mudaram desde a mesclagem; nada foi alterado',
} as const;
