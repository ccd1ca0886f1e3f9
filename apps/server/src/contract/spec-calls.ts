/**
 * Every call of the §7 tables of the three spec documents (../shared/spec/*.md), as the spec's own
 * client would send it: method, path, query and body in the spec's shape, the ids from the contract
 * test's fixtures (`{person}` in a path or query is the fixture `person`). A call the product answers
 * at another path or method says so in `note`; a call it deliberately leaves out has `absent` (the
 * reason) instead of a path. The test (spec-calls.test.ts) sends each one and expects its answer.
 */

/** The ids the contract test creates before sending the calls. */
export interface Fixtures {
  slug: string;
  email: string;
  password: string;
  /** the caller's own user code, and another member's */
  me: string;
  member: string;
  person: number;
  personToDelete: number;
  peopleToDelete: number[];
  personForTeam: number;
  company: number;
  companyToDelete: number;
  companiesToDelete: number[];
  tag: number;
  segment: number;
  schedule: number;
  scheduleToDelete: number;
  event: number;
  eventToDelete: number;
  interaction: number;
  interactionToDelete: number;
  politician: number;
  amendment: number;
  amendmentToDelete: number;
  importLog: number;
  bulkOperation: number;
  sponsorLink: string;
  domain: number;
  domainToDelete: number;
  sender: number;
  senderToDelete: number;
  emailShot: number;
  emailShotToDelete: number;
  emailShotToSchedule: number;
  smsShot: number;
  smsShotToDelete: number;
  smsShotToSchedule: number;
  /** the token of senderToValidate's activation e-mail, and the link of senderToConfirm's */
  senderActivationToken: string;
  senderToValidate: number;
  /** a pending sender the spec's PUT edits (an edit puts a sender back to pending) */
  senderToEdit: number;
  senderConfirmLink: { senderCode: string; senderToken: string; token: string };
  /** the client hash of the caller's password and of a new one */
  newPassword: string;
  termsVersion: string;
}

export interface SentCall {
  /** document and section: '2 §7 People' */
  spec: string;
  /** the call as the spec's table writes it */
  call: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** our path, with `{fixture}` placeholders */
  path: string;
  /** the query string, with `{fixture}` placeholders (no leading '?') */
  query?: string;
  body?: Record<string, unknown> | ((f: Fixtures) => unknown);
  /** a multipart body: the file part (and the JSON `data` part) */
  multipart?: { file: 'png' | 'xlsx'; data?: unknown };
  /** who calls: a signed-in user holding every role (default), the marketing token, nobody */
  as?: 'user' | 'marketing' | 'anonymous';
  /** the answers that keep the contract (default: 200); never 400, 404 or 405 */
  expect?: number[];
  /** where the product differs from the spec's table (path, method, shape) and why */
  note?: string;
}

export interface AbsentCall {
  spec: string;
  call: string;
  /** why the product has no such call */
  absent: string;
}

export type SpecCall = SentCall | AbsentCall;

const expression = [{ units: [{ field: 'name', operator: 'CONTAINS', values: ['Maria'] }] }];
const PNG_NOTE = 'multipart com o arquivo (campo file)';
const CELL_NOTE =
  'leva também a cell do indicador (zoom, linha, coluna) além de latitude/longitude da spec: o indicador é uma célula da grade do zoom, e só a célula diz quais pessoas ele tem (docs/decisions.md, mapa)';
const SENDER_NOTE =
  'status só PENDING_VALIDATION: salvar sempre volta o remetente a aguardar validação (spec 3 §4)';
/** The zoom-4 cell of Recife (-8.05, -34.9): rows from -90, columns from -180, 5.625° each. */
const RECIFE_CELL = { zoom: 4, row: 14, column: 25 };

/** The sponsor form the fixtures save and the spec's PUT saves again (same terms: same version). */
export const SPONSOR_FORM = {
  title: 'Seja um padrinho',
  description: 'Cadastre quem você apoia',
  terms: '<p>Autorizo o uso dos meus dados pelo gabinete.</p>',
  fields: [
    { name: 'name', isRequired: true },
    { name: 'email', isRequired: false },
    { name: 'cellphone', isRequired: false },
  ],
};

export const SPEC_CALLS: SpecCall[] = [
  // ── spec 1 §7: platform and administration ─────────────────────────────────────────────────────
  {
    spec: '1 §7',
    call: 'POST auth/login (no auth, schema header) body email, password',
    method: 'POST',
    path: '/api/auth/login',
    body: (f) => ({ email: f.email, password: f.password }),
    as: 'anonymous',
    note: 'a senha vai com o hash do cliente, como o cliente da spec (spec 2 §7 Users)',
  },
  { spec: '1 §7', call: 'GET auth/verify', method: 'GET', path: '/api/auth/verify' },
  {
    spec: '1 §7',
    call: 'PUT auth/forgot-password body email',
    method: 'PUT',
    path: '/api/auth/forgot-password',
    body: (f) => ({ email: f.email }),
    as: 'anonymous',
  },
  {
    spec: '1 §7',
    call: 'GET sys-admin/schemas/{slug}',
    method: 'GET',
    path: '/api/sys-admin/schemas/{slug}',
  },
  {
    spec: '1 §7',
    call: 'GET sys-admin/schemas/{slug} (without bearer)',
    method: 'GET',
    path: '/api/sys-admin/schemas/{slug}',
    as: 'anonymous',
  },
  {
    spec: '1 §7',
    call: 'GET sys-admin/plans/consumption',
    method: 'GET',
    path: '/api/sys-admin/plans/consumption',
  },
  {
    spec: '1 §7',
    call: 'POST sys-admin/schemas/{slug}/upload-logo (multipart file)',
    method: 'POST',
    path: '/api/sys-admin/schemas/{slug}/upload-logo',
    multipart: { file: 'png' },
    note: PNG_NOTE,
  },
  { spec: '1 §7', call: 'GET sys-admin/politicians', method: 'GET', path: '/api/sys-admin/politicians' },
  {
    spec: '1 §7',
    call: 'POST sys-admin/politicians',
    method: 'POST',
    path: '/api/sys-admin/politicians',
    body: {
      name: 'Maria Deputada',
      email: 'maria.deputada@exemplo.com.br',
      cpf: '39053344705',
      politicalParty: 'PSB',
      politicalOffice: 'DEPUTADO_ESTADUAL',
      idDispatchingAgency: 'SDS/PE',
      voterRegistration: '',
      birthday: '1975-04-20',
    },
    note: "spec 3 §7.4 lista também 'id' (o documento de identidade): aqui é 'rg'",
  },
  {
    spec: '1 §7',
    call: 'PUT sys-admin/politicians/{id}',
    method: 'PUT',
    path: '/api/sys-admin/politicians/{politician}',
    body: {
      name: 'José Vereador',
      email: 'jose.vereador@exemplo.com.br',
      cpf: '11144477735',
      politicalParty: 'PT',
      politicalOffice: 'VEREADOR',
    },
  },
  {
    spec: '1 §7',
    call: 'GET sys-admin/parameter/godfather-form',
    method: 'GET',
    path: '/api/sys-admin/parameter/godfather-form',
  },
  {
    spec: '1 §7',
    call: 'PUT sys-admin/parameter/godfather-form (title, description, terms, fields)',
    method: 'PUT',
    path: '/api/sys-admin/parameter/godfather-form',
    body: SPONSOR_FORM,
  },
  {
    spec: '1 §7',
    call: 'POST sys-admin/parameter/godfather-form/favicon (multipart file)',
    method: 'POST',
    path: '/api/sys-admin/parameter/godfather-form/favicon',
    multipart: { file: 'png' },
    note: PNG_NOTE,
  },
  {
    spec: '1 §7',
    call: 'DELETE sys-admin/parameter/godfather-form/favicon',
    method: 'DELETE',
    path: '/api/sys-admin/parameter/godfather-form/favicon',
  },
  { spec: '1 §7', call: 'GET /users/{code}', method: 'GET', path: '/api/users/{member}' },
  {
    spec: '1 §7',
    call: 'PUT /users/{code}/change-permissions body active, permissions list',
    method: 'PUT',
    path: '/api/users/{member}/change-permissions',
    body: { active: true, permissions: ['ROLE_CRM', 'ROLE_TEAM'] },
  },
  {
    spec: '1 §7',
    call: 'PUT /users/{code}/reset-password (no body)',
    method: 'PUT',
    path: '/api/users/{member}/reset-password',
  },
  {
    spec: '1 §7 / 2 §7 Users',
    call: 'PUT /users/{code}/change-password body newPassword, oldPassword (both hashed)',
    method: 'PUT',
    path: '/api/users/{me}/change-password',
    body: (f) => ({ oldPassword: f.password, newPassword: f.newPassword }),
  },
  {
    spec: '1 §7 / 2 §7 People',
    call: 'GET sponsor form by id string (GET /people/godfather-form/{id}, anonymous)',
    method: 'GET',
    path: '/api/people/godfather-form/{sponsorLink}',
    as: 'anonymous',
  },
  {
    spec: '1 §7',
    call: 'POST sponsor subscription (form values plus godfather code)',
    method: 'POST',
    path: '/api/people/godfather-form/{sponsorLink}',
    body: (f) => ({
      name: 'Davi Apadrinhado',
      email: 'davi.apadrinhado@exemplo.com.br',
      cellphone: '81987654321',
      acceptedTerms: true,
      termsVersion: f.termsVersion,
    }),
    note: 'o código do padrinho vai no link (o id do caminho), não no corpo',
    as: 'anonymous',
  },
  {
    spec: '1 §7 / 3 §7.4',
    call: 'GET sender e-mail validation (sender code, sender token, token)',
    method: 'POST',
    path: '/api/public/sender-email-confirm',
    body: (f) => f.senderConfirmLink,
    as: 'anonymous',
    note: 'POST /api/public/sender-email-confirm: confirmar muda o remetente, e um GET seria disparado por antivírus e pré-visualizações de links (docs/decisions.md, remetentes)',
  },
  {
    spec: '1 §7',
    call: 'Marketing service POST auth/login body slug and secret',
    method: 'POST',
    path: '/api/mkt/auth/login',
    body: (f) => ({ slug: f.slug, secret: 'segredo-do-contrato' }),
    note: 'com a sessão do usuário: o token de marketing é do usuário (papel ROLE_MARKETING), não só do tenant',
  },
  {
    spec: '1 §7',
    call: 'docs service, leads service, v2 API, CRM API and e-mail-shot service',
    absent:
      'a spec não mostra os caminhos; o que eles fazem está nas chamadas próprias (importação, disparos)',
  },

  // ── spec 2 §7: people ──────────────────────────────────────────────────────────────────────────
  {
    spec: '2 §7 People',
    call: 'GET /people with segmentCode and page parameters',
    method: 'GET',
    path: '/api/people',
    query: 'segmentCode={segment}&page=1&itemsPerPage=10',
  },
  {
    spec: '3 §7.1',
    call: 'GET /people with segmentCode, validEmail, page, itemsPerPage 0 (only the total)',
    method: 'GET',
    path: '/api/people',
    query: 'segmentCode={segment}&validEmail=true&page=1&itemsPerPage=0',
  },
  {
    spec: '3 §7.1',
    call: 'GET /people with segmentCode, validSMS, page, itemsPerPage 0',
    method: 'GET',
    path: '/api/people',
    query: 'segmentCode={segment}&validSMS=true&page=1&itemsPerPage=0',
  },
  { spec: '2 §7 People', call: 'GET /people/names', method: 'GET', path: '/api/people/names' },
  {
    spec: '2 §7 People',
    call: 'GET /people/list-names',
    method: 'GET',
    path: '/api/people/list-names',
    query: 'codes={person}',
  },
  {
    spec: '2 §7 People',
    call: 'POST /people/search/export (expression, type)',
    method: 'POST',
    path: '/api/people/search/export',
    body: { expression, type: 'PERSON' },
  },
  {
    spec: '2 §7 People',
    call: 'POST /people/search (expression, itemsPerPage, page, orderingCriteria, orderingAscending, type)',
    method: 'POST',
    path: '/api/people/search',
    body: {
      expression,
      itemsPerPage: 10,
      page: 1,
      orderingCriteria: 'name',
      orderingAscending: true,
      type: 'PERSON',
    },
  },
  {
    spec: '2 §7 People',
    call: 'PUT /people/{id}/mark-as-influence (payload influence)',
    method: 'PUT',
    path: '/api/people/{person}/mark-as-influence',
    body: { influence: 50 },
  },
  {
    spec: '2 §7 People',
    call: 'PUT /people/{id}/remove-influence',
    method: 'PUT',
    path: '/api/people/{person}/remove-influence',
  },
  {
    spec: '2 §7 People',
    call: 'PUT /people/{id}/update-vote (payload vote)',
    method: 'PUT',
    path: '/api/people/{person}/update-vote',
    body: { vote: 'CONQUERED' },
  },
  {
    spec: '2 §7 People',
    call: 'POST /people/list-coordinates (payload expression)',
    method: 'POST',
    path: '/api/people/list-coordinates',
    body: { expression },
  },
  {
    spec: '2 §7 People',
    call: 'PUT /people/update-coordinates (payload expression, latitude, longitude)',
    method: 'PUT',
    path: '/api/people/update-coordinates',
    body: { expression, latitude: -8.05, longitude: -34.9, cell: RECIFE_CELL },
    note: CELL_NOTE,
  },
  {
    spec: '2 §7 People',
    call: 'POST /people/find-by-location (expression, latitude, longitude, orderingAscending, itemsPerPage 10, page)',
    method: 'POST',
    path: '/api/people/find-by-location',
    body: {
      expression,
      latitude: -8.05,
      longitude: -34.9,
      orderingAscending: true,
      itemsPerPage: 10,
      page: 1,
      cell: RECIFE_CELL,
    },
    note: CELL_NOTE,
  },
  {
    spec: '2 §7 People',
    call: 'POST /people to create (the person save payload)',
    method: 'POST',
    path: '/api/people',
    body: (f) => ({
      name: 'Carla Souza',
      email: 'carla.souza@exemplo.com.br',
      cellphone: '81998765432',
      cpf: '52998224725',
      birthDate: '1980-05-17',
      address: {
        zipCode: '50030230',
        street: 'Rua da Aurora',
        number: '100',
        complement: 'apto 1',
        neighborhood: 'Boa Vista',
        city: 'Recife',
        state: 'PE',
      },
      nickname: 'Carlinha',
      gender: 'FEMALE',
      phoneTwo: '8133334444',
      profession: 'Professora',
      companyCode: f.company,
      votingZone: 12,
      votingSection: 34,
      isUser: false,
      vote: 'TO_CONQUER',
      influence: 10,
      tags: [f.tag],
      godfatherCode: f.person,
      notes: 'Conheceu o gabinete na feira',
    }),
  },
  {
    spec: '2 §7 People',
    call: 'PUT /people/{id}',
    method: 'PUT',
    path: '/api/people/{person}',
    body: (f) => ({
      name: 'Maria da Silva Santos',
      email: 'maria@exemplo.com.br',
      cellphone: '81999990000',
      address: null,
      tags: [f.tag],
      vote: 'CONQUERED',
    }),
  },
  { spec: '2 §7 People', call: 'GET /people/{id}', method: 'GET', path: '/api/people/{person}' },
  {
    spec: '2 §7 People',
    call: 'POST /people/{id}/set-as-team',
    method: 'POST',
    path: '/api/people/{personForTeam}/set-as-team',
  },
  {
    spec: '2 §7 People',
    call: 'POST /people/import: multipart file plus JSON data part with updateBehavior',
    method: 'POST',
    path: '/api/people/import',
    multipart: { file: 'xlsx', data: { updateBehavior: 'SKIP' } },
  },
  {
    spec: '2 §7 People',
    call: 'GET /people/imports (itemsPerPage 30, page)',
    method: 'GET',
    path: '/api/people/imports',
    query: 'itemsPerPage=30&page=1',
  },
  {
    spec: '2 §7 People',
    call: 'POST /people/godfather/{id}/invite',
    method: 'POST',
    path: '/api/people/godfather/{person}/invite',
    note: 'com a sessão de quem convida (módulo invite); a página pública é que é anônima',
  },
  {
    spec: '2 §7 People',
    call: 'DELETE /people/{id}',
    method: 'DELETE',
    path: '/api/people/{personToDelete}',
  },
  {
    spec: '2 §7 People',
    call: 'DELETE /people/delete-many (payload codes)',
    method: 'DELETE',
    path: '/api/people/delete-many',
    body: (f) => ({ codes: f.peopleToDelete }),
  },

  // ── spec 2 §7: companies ───────────────────────────────────────────────────────────────────────
  {
    spec: '2 §7 Companies',
    call: 'GET /companies/names (itemsPerPage, page, searchString)',
    method: 'GET',
    path: '/api/companies/names',
    query: 'itemsPerPage=10&page=1&searchString=Escola',
  },
  {
    spec: '2 §7 Companies',
    call: 'GET /companies/list-names (codes)',
    method: 'GET',
    path: '/api/companies/list-names',
    query: 'codes={company}',
  },
  {
    spec: '2 §7 Companies',
    call: 'POST /companies/search (expression; type omitted)',
    method: 'POST',
    path: '/api/companies/search',
    body: {
      expression: [{ units: [{ field: 'name', operator: 'CONTAINS', values: ['Escola'] }] }],
      itemsPerPage: 10,
      page: 1,
      orderingCriteria: 'name',
      orderingAscending: true,
    },
  },
  { spec: '2 §7 Companies', call: 'GET /companies/{id}', method: 'GET', path: '/api/companies/{company}' },
  {
    spec: '2 §7 Companies',
    call: 'POST /companies (name, cnpj, email, phone, address, tags, mainContactPersonCode)',
    method: 'POST',
    path: '/api/companies',
    body: (f) => ({
      name: 'Colégio Municipal Boa Vista',
      cnpj: '11222333000181',
      email: 'colegio@exemplo.com.br',
      phone: '8132221111',
      address: { zipCode: '50030230', street: 'Rua da Aurora', number: '5', city: 'Recife', state: 'PE' },
      tags: [f.tag],
      mainContactPersonCode: f.person,
    }),
  },
  {
    spec: '2 §7 Companies',
    call: 'PUT /companies/{id}',
    method: 'PUT',
    path: '/api/companies/{company}',
    body: (f) => ({ name: 'Escola Estadual Central (sede)', tags: [f.tag], mainContactPersonCode: f.person }),
  },
  {
    spec: '2 §7 Companies',
    call: 'DELETE /companies/{id}',
    method: 'DELETE',
    path: '/api/companies/{companyToDelete}',
  },
  {
    spec: '2 §7 Companies',
    call: 'POST /companies/delete-many (codes)',
    method: 'POST',
    path: '/api/companies/delete-many',
    body: (f) => ({ codes: f.companiesToDelete }),
  },

  // ── spec 2 §7: tags and segments ───────────────────────────────────────────────────────────────
  {
    spec: '2 §7 Tags',
    call: 'GET /tags (search)',
    method: 'GET',
    path: '/api/tags',
    query: 'searchString=Lid',
  },
  {
    spec: '2 §7 Tags',
    call: 'GET /tags/list (codes)',
    method: 'GET',
    path: '/api/tags/list',
    query: 'codes={tag}',
  },
  {
    spec: '2 §7 Tags',
    call: 'POST /tags (name)',
    method: 'POST',
    path: '/api/tags',
    body: { name: 'Saúde' },
  },
  {
    spec: '2 §7 Segments',
    call: 'GET /segments: list, with type, page and itemsPerPage 8',
    method: 'GET',
    path: '/api/segments',
    query: 'type=PERSON&page=1&itemsPerPage=8',
  },
  {
    spec: '2 §7 Segments',
    call: 'GET /segments/names (types filter)',
    method: 'GET',
    path: '/api/segments/names',
    query: 'types=PERSON&types=TEAM',
  },
  { spec: '2 §7 Segments', call: 'GET /segments/{id}', method: 'GET', path: '/api/segments/{segment}' },
  {
    spec: '2 §7 Segments',
    call: 'POST /segments (name, type, expression)',
    method: 'POST',
    path: '/api/segments',
    body: { name: 'Marias', type: 'PERSON', expression },
  },
  {
    spec: '2 §7 Segments',
    call: 'PUT /segments/{id} (name, type, expression)',
    method: 'PUT',
    path: '/api/segments/{segment}',
    body: { name: 'Marias do Recife', type: 'PERSON', expression },
  },

  // ── spec 2 §7: users (the permission calls are spec 1's) ───────────────────────────────────────
  {
    spec: '2 §7 Users',
    call: 'Find user by code and update user (profile form values): paths not shown',
    method: 'GET',
    path: '/api/users/me',
    note: 'GET e PUT /api/users/me: o perfil é sempre o do próprio usuário',
  },

  // ── spec 2 §7: interactions ────────────────────────────────────────────────────────────────────
  {
    spec: '2 §7 Interactions',
    call: 'POST /people-contacts (type, source, description, beginDate, endDate, userResponsibleCode, status, personCode)',
    method: 'POST',
    path: '/api/people-contacts',
    body: (f) => ({
      type: 'CONTACT',
      source: 'WHATSAPP',
      description: 'Pediu uma visita à escola',
      beginDate: '2026-03-10 09:00',
      endDate: '2026-03-10 09:30',
      userResponsibleCode: f.me,
      status: 'IN_PROGRESS',
      personCode: f.person,
    }),
  },
  {
    spec: '2 §7 Interactions',
    call: 'PUT /people-contacts/{code}: same payload',
    method: 'PUT',
    path: '/api/people-contacts/{interaction}',
    body: (f) => ({
      type: 'CONTACT',
      source: 'PHONE',
      description: 'Ligou de volta',
      beginDate: '2026-03-11 14:00',
      endDate: '2026-03-11 14:15',
      userResponsibleCode: f.me,
      status: 'IN_PROGRESS',
      personCode: f.person,
    }),
  },
  {
    spec: '2 §7 Interactions',
    call: 'PUT /people-contacts/{code}/mark-as-done (no payload)',
    method: 'PUT',
    path: '/api/people-contacts/{interaction}/mark-as-done',
  },
  {
    spec: '2 §7 Interactions',
    call: 'GET people-contacts (query personCode)',
    method: 'GET',
    path: '/api/people-contacts',
    query: 'personCode={person}',
  },
  {
    spec: '2 §7 Interactions',
    call: 'GET people-contacts/search/export (interaction report filters)',
    method: 'GET',
    path: '/api/people-contacts/search/export',
    query:
      'personCode={person}&userResponsibleCode={me}&dateInterval=2026-03-01,2026-03-31&status=IN_PROGRESS&considerOnlyLateInteractions=false&personTagCodes={tag}',
  },
  {
    spec: '2 §7 Interactions',
    call: 'Interaction report search (personCode, userResponsibleCode, dateInterval, status, considerOnlyLateInteractions, personTagCodes): path not shown',
    method: 'GET',
    path: '/api/people-contacts/search',
    query:
      'personCode={person}&userResponsibleCode={me}&dateInterval=2026-03-01,2026-03-31&status=IN_PROGRESS&considerOnlyLateInteractions=false&personTagCodes={tag}',
    note: 'GET /api/people-contacts/search (e GET /api/reports/interactions, a mesma busca para o módulo de relatórios)',
  },
  {
    spec: '2 §7 Interactions',
    call: 'DELETE /people-contacts/{code}',
    method: 'DELETE',
    path: '/api/people-contacts/{interactionToDelete}',
  },

  // ── spec 2 §7: bulk operations (documents service) ─────────────────────────────────────────────
  {
    spec: '2 §7 Bulk operations',
    call: 'GET bulk-operations/search (page, itemsPerPage, ordering)',
    method: 'GET',
    path: '/api/bulk-operations/search',
    query: 'page=1&itemsPerPage=30&orderingCriteria=creationDate&orderingAscending=false',
  },
  {
    spec: '2 §7 Bulk operations',
    call: 'GET bulk-operations/get/{code}',
    method: 'GET',
    path: '/api/bulk-operations/get/{bulkOperation}',
  },
  ...[
    'POST bulk-operations/start-bulk-operation',
    'PUT bulk-operations/update-total-records',
    'PUT bulk-operations/finish-bulk-operation',
    'PUT bulk-operations/add-success-record',
    'PUT bulk-operations/add-ignored-record',
    'PUT bulk-operations/add-error-record',
  ].map((call) => ({
    spec: '2 §7 Bulk operations',
    call,
    absent:
      'o andamento de uma importação é gravado pelo próprio job da fila, na transação de cada lote; um cliente não escreve o histórico (a spec não mostra os corpos)',
  })),

  // ── spec 2 §7: schedules and events ────────────────────────────────────────────────────────────
  {
    spec: '2 §7 Schedules',
    call: "GET /schedules: the user's schedules",
    method: 'GET',
    path: '/api/schedules',
  },
  { spec: '2 §7 Schedules', call: 'GET /schedules/{id}', method: 'GET', path: '/api/schedules/{schedule}' },
  {
    spec: '2 §7 Schedules',
    call: 'POST /schedules (name, color, invitedPeopleCodes)',
    method: 'POST',
    path: '/api/schedules',
    body: (f) => ({ name: 'Agenda de campanha', color: 'BLUE', invitedPeopleCodes: [f.member] }),
  },
  {
    spec: '2 §7 Schedules',
    call: 'PUT /schedules/{id}',
    method: 'PUT',
    path: '/api/schedules/{schedule}',
    body: (f) => ({ name: 'Agenda do gabinete', color: 'GREEN', invitedPeopleCodes: [f.member] }),
  },
  {
    spec: '2 §7 Schedules',
    call: 'GET /events (beginDate and endDate)',
    method: 'GET',
    path: '/api/events',
    query: 'beginDate=2026-03-01&endDate=2026-03-31',
  },
  { spec: '2 §7 Schedules', call: 'GET /events/{id}', method: 'GET', path: '/api/events/{event}' },
  {
    spec: '2 §7 Schedules',
    call: 'POST /events (title, beginDate, endDate, entireDay, location, description, scheduleCode, responsibleCode, invitedPeopleCodes)',
    method: 'POST',
    path: '/api/events',
    body: (f) => ({
      title: 'Visita à escola',
      beginDate: '2026-03-12 10:00',
      endDate: '2026-03-12 11:00',
      entireDay: false,
      location: 'Escola Estadual Central',
      description: 'Conversa com a direção',
      scheduleCode: f.schedule,
      responsibleCode: f.me,
      invitedPeopleCodes: [f.member],
    }),
  },
  {
    spec: '2 §7 Schedules',
    call: 'PUT /events/{id}',
    method: 'PUT',
    path: '/api/events/{event}',
    body: (f) => ({
      title: 'Visita à escola (remarcada)',
      beginDate: '2026-03-13',
      endDate: '2026-03-13',
      entireDay: true,
      location: 'Escola Estadual Central',
      description: '',
      scheduleCode: f.schedule,
      responsibleCode: f.me,
      invitedPeopleCodes: [],
    }),
  },
  {
    spec: '2 §7 Schedules',
    call: 'DELETE /events/{id}',
    method: 'DELETE',
    path: '/api/events/{eventToDelete}',
  },
  {
    spec: '2 §7 Schedules',
    call: 'DELETE /schedules/{id}',
    method: 'DELETE',
    path: '/api/schedules/{scheduleToDelete}',
  },

  // ── spec 2 §7: reports ─────────────────────────────────────────────────────────────────────────
  {
    spec: '2 §7 Reports',
    call: 'GET /reports/people/database-status',
    method: 'GET',
    path: '/api/reports/people/database-status',
  },
  {
    spec: '2 §7 Reports',
    call: 'GET /reports/people/godfathers (itemsPerPage, page, orderingCriteria, orderingAscending=false)',
    method: 'GET',
    path: '/api/reports/people/godfathers',
    query: 'itemsPerPage=10&page=1&orderingCriteria=totalAffiliates&orderingAscending=false',
  },
  {
    spec: '2 §7 Reports',
    call: 'GET /reports/people/entries-per-period (timeBase month, beginDate, endDate yyyy-mm-dd)',
    method: 'GET',
    path: '/api/reports/people/entries-per-period',
    query: 'timeBase=month&beginDate=2026-01-01&endDate=2026-12-31',
  },
  {
    spec: '2 §7 Reports',
    call: 'GET reports/people/godfathers/export (orderingCriteria, orderingAscending)',
    method: 'GET',
    path: '/api/reports/people/godfathers/export',
    query: 'orderingCriteria=totalAffiliates&orderingAscending=false',
    note: 'responde o próprio CSV (não um endereço de arquivo para uma aba nova): nenhum token em URL',
  },
  {
    spec: '2 §7 Outside services',
    call: 'zip-code lookup, maps service, WhatsApp web link',
    absent: 'serviços de fora, chamados pelo navegador; não são rotas deste servidor',
  },

  // ── spec 3 §7.1: marketing service ─────────────────────────────────────────────────────────────
  {
    spec: '3 §7.1',
    call: 'GET senders (optionally with status ACTIVE)',
    method: 'GET',
    path: '/api/mkt/senders',
    query: 'status=ACTIVE',
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'POST senders (name, emailPrefix, domainCode, status)',
    method: 'POST',
    path: '/api/mkt/senders',
    body: (f) => ({
      name: 'Imprensa',
      emailPrefix: 'imprensa',
      domainCode: f.domain,
      status: 'PENDING_VALIDATION',
    }),
    note: SENDER_NOTE,
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'PUT senders/{id} (same body)',
    method: 'PUT',
    path: '/api/mkt/senders/{senderToEdit}',
    body: (f) => ({
      name: 'Gabinete da Deputada',
      emailPrefix: 'gabinete',
      domainCode: f.domain,
      status: 'PENDING_VALIDATION',
    }),
    note: SENDER_NOTE,
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'GET senders/{id}/send-email-token',
    method: 'GET',
    path: '/api/mkt/senders/{senderToDelete}/send-email-token',
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'POST senders/{id}/validate-token (body token)',
    method: 'POST',
    path: '/api/mkt/senders/{senderToValidate}/validate-token',
    body: (f) => ({ token: f.senderActivationToken }),
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'DELETE senders/{id}',
    method: 'DELETE',
    path: '/api/mkt/senders/{senderToDelete}',
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'GET accounts (page 1, itemsPerPage 20)',
    method: 'GET',
    path: '/api/mkt/accounts',
    query: 'page=1&itemsPerPage=20',
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'GET accounts/balance/{type}',
    method: 'GET',
    path: '/api/mkt/accounts/balance/EMAIL',
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'GET recurrent-plans (active=true)',
    method: 'GET',
    path: '/api/mkt/recurrent-plans',
    query: 'active=true',
    as: 'marketing',
  },
  ...(['emails', 'sms'] as const).flatMap((channel): SpecCall[] => {
    const shot = channel === 'emails' ? '{emailShot}' : '{smsShot}';
    const toDelete = channel === 'emails' ? '{emailShotToDelete}' : '{smsShotToDelete}';
    const toSchedule = channel === 'emails' ? '{emailShotToSchedule}' : '{smsShotToSchedule}';
    const base = `/api/mkt/${channel}/campaign`;
    const body = (f: Fixtures) => {
      const destination = { segment: { code: f.segment, name: 'Lista', query: [], type: 'PERSON' } };
      return channel === 'emails'
        ? {
            subject: 'Convite para a audiência pública',
            htmlContent: '<p>Olá, {{nome}}!</p>',
            jsonContent: { body: { rows: [] } },
            totalContacts: 1,
            senderCode: f.sender,
            destination,
          }
        : { content: 'Audiência pública amanhã às 19h na Câmara.', totalContacts: 1, destination };
    };
    return [
      ...(
        [
          ['SCHEDULED', 'scheduleDate'],
          ['SENDING&status[]=SENT&status[]=ERROR', 'startDate'],
          ['DRAFT', 'code'],
        ] as const
      ).map(
        ([status, orderingCriteria]): SpecCall => ({
          spec: '3 §7.1',
          call: `GET ${channel}/campaign (status list, itemsPerPage 100, page 1, orderingCriteria ${orderingCriteria}, orderingAscending false)`,
          method: 'GET',
          path: base,
          query: `status[]=${status}&itemsPerPage=100&page=1&orderingCriteria=${orderingCriteria}&orderingAscending=false`,
          as: 'marketing',
        }),
      ),
      {
        spec: '3 §7.1',
        call: `GET ${channel}/campaign/{id}`,
        method: 'GET',
        path: `${base}/${shot}`,
        as: 'marketing',
      },
      { spec: '3 §7.1', call: `POST ${channel}/campaign`, method: 'POST', path: base, body, as: 'marketing' },
      {
        spec: '3 §7.1',
        call: `PUT ${channel}/campaign/{id}`,
        method: 'PUT',
        path: `${base}/${shot}`,
        body,
        as: 'marketing',
      },
      {
        spec: '3 §7.1',
        call: `GET ${channel}/campaign/{id}/reports/{report}`,
        method: 'GET',
        path: `${base}/${shot}/reports/delivered`,
        as: 'marketing',
      },
      {
        spec: '3 §7.1',
        call: `POST ${channel}/campaign/schedule/{id} (body scheduleDate)`,
        method: 'POST',
        path: `${base}/schedule/${toSchedule}`,
        body: () => ({
          scheduleDate: `${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)} 09:30`,
        }),
        as: 'marketing',
        note: "scheduleDate 'AAAA-MM-DD HH:mm' (a ordem americana do ano ao dia), hora de São Paulo",
      },
      {
        spec: '3 §7.1',
        call: `POST ${channel}/campaign/unschedule/{id}`,
        method: 'POST',
        path: `${base}/unschedule/${toSchedule}`,
        as: 'marketing',
      },
      {
        spec: '3 §7.1',
        call: `POST ${channel}/campaign/clone/{id}`,
        method: 'POST',
        path: `${base}/clone/${shot}`,
        as: 'marketing',
      },
      {
        spec: '3 §7.1',
        call: `DELETE ${channel}/campaign/{id}`,
        method: 'DELETE',
        path: `${base}/${toDelete}`,
        as: 'marketing',
      },
    ];
  }),
  {
    spec: '3 §7.1',
    call: 'GET domains (optional status filter)',
    method: 'GET',
    path: '/api/mkt/domains',
    query: 'status=VALID',
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'POST domains (body name)',
    method: 'POST',
    path: '/api/mkt/domains',
    body: (f) => ({ name: `novo-${f.slug}.exemplo.com.br` }),
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'POST domains/{id}/validate',
    method: 'POST',
    path: '/api/mkt/domains/{domainToDelete}/validate',
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'DELETE domains/{id}',
    method: 'DELETE',
    path: '/api/mkt/domains/{domainToDelete}',
    as: 'marketing',
  },
  {
    spec: '3 §7.1',
    call: 'Segments: GET /segments (list)',
    method: 'GET',
    path: '/api/segments',
    query: 'type=PERSON&page=1&itemsPerPage=8',
    note: 'a mesma lista de spec 2 §7 Segments, que mostra os parâmetros (type é obrigatório: as listas especiais são por tipo)',
  },
  {
    spec: '3 §7.1',
    call: 'Delivery details: POST /email-campaign/report (token, client, code) to the e-mail shot service',
    absent:
      'serviço de disparo externo; os números de entrega de um disparo saem de GET /api/mkt/emails/campaign/{id}/reports/{report}, acima',
  },

  // ── spec 3 §7.2: amendments ────────────────────────────────────────────────────────────────────
  {
    spec: '3 §7.2',
    call: 'POST amendment/save, code empty for new (code, title, description, receiver, value, status, year, contact)',
    method: 'POST',
    path: '/api/amendment/save',
    body: (f) => ({
      code: '',
      title: 'Recife',
      description: 'Reforma da UBS',
      receiver: 'Secretaria de Saúde',
      value: '150000.50',
      status: 'ANALISYS',
      year: 2026,
      contact: f.person,
    }),
  },
  {
    spec: '3 §7.2',
    call: 'POST amendment/save to edit',
    method: 'POST',
    path: '/api/amendment/save',
    body: (f) => ({
      code: f.amendment,
      title: 'Olinda',
      description: 'Quadra poliesportiva',
      receiver: 'Prefeitura',
      value: 80000,
      status: 'PAID',
      year: 2025,
      contact: '',
    }),
  },
  {
    spec: '3 §7.2',
    call: 'GET amendment/list (a filters object: title, receiver, status, year, contact), bracket form',
    method: 'GET',
    path: '/api/amendment/list',
    query:
      'filters[title]=Recife&filters[receiver]=&filters[status]=ANALISYS&filters[year]=2026&filters[contact]={person}',
  },
  {
    spec: '3 §7.2',
    call: 'GET amendment/list (the filters object as JSON)',
    method: 'GET',
    path: '/api/amendment/list',
    query: `filters=${encodeURIComponent(
      JSON.stringify({ title: '', receiver: null, status: 'PAID', year: 2025, contact: null }),
    )}`,
  },
  {
    spec: '3 §7.2',
    call: 'POST amendment/delete/{code} (empty body)',
    method: 'POST',
    path: '/api/amendment/delete/{amendmentToDelete}',
  },

  // ── spec 3 §7.3 and §7.4 ───────────────────────────────────────────────────────────────────────
  { spec: '3 §7.3', call: 'GET /demands', method: 'GET', path: '/api/demands' },
  {
    spec: '3 §7.3',
    call: 'Attached files from a storage path of the tenant schema and the file name',
    absent:
      'o anexo é servido pela API (GET /api/demand-files/{name}, com sessão e a conta conferida), nunca por um caminho público de armazenamento',
  },
  {
    spec: '3 §7.4',
    call: 'Get the current politician; create and update a politician by code (paths not shown)',
    method: 'GET',
    path: '/api/sys-admin/politicians',
    note: 'as chamadas de spec 1 §7 (sys-admin/politicians), acima',
  },

  // ── spec 3 §7.5: donation provider ─────────────────────────────────────────────────────────────
  ...[
    'POST candidatos',
    'GET candidatos/{cpf}',
    'GET campanhas (candidato_id)',
    'POST campanhas',
    'PUT campanhas/{token}',
    'GET faturas',
    'GET partidos',
    'GET tipos_candidatura',
    'GET municipios/{slug of city}, GET estados/{uf}',
  ].map((call) => ({
    spec: '3 §7.5',
    call,
    absent:
      'API do provedor de doações (basic auth do token do provedor), não deste servidor; o módulo de doação ainda não existe',
  })),
];
