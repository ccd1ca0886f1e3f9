import {
  centsToReais,
  DONATION_OFFICES_FALLBACK,
  DONATION_PARTIES_FALLBACK,
  DONATION_TEXTS,
  type DonationCampaign,
  type DonationCampaignSave,
  type DonationCandidacyStep,
  type DonationOnboarding,
  type DonationOptions,
  type DonationPoliticianAnswer,
  type DonationPoliticianStep,
  type DonationState,
  MESSAGES,
  POLITICAL_OFFICE_LABELS,
  POLITICAL_OFFICES,
  type PoliticalOffice,
  type Politician,
  type PoliticianSave,
  providerOffice,
  suggestedCentsOf,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import { seal, unseal } from '../../platform/crypto/sealed-value.ts';
import type { Database } from '../../platform/db/engine.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import type { SniffedType } from '../../platform/files/sniff-type.ts';
import { AppError, badRequest, conflict } from '../../platform/http/errors.ts';
import { replaceUpload } from '../../platform/storage/replace-upload.ts';
import type { StoredFile } from '../../platform/storage/storage.ts';
import { municipalityIbgeOf } from '../geocoding/municipality-ibge.lookup.ts';
import {
  createPolitician,
  findPolitician,
  politicianIdByCpf,
  updatePolitician,
} from '../politicians/politicians.service.ts';
import { tenantBySlug } from '../tenants/tenants.lookup.ts';
import { accountOf, type DonationSteps, readAccount } from './donation-account.ts';
import { PROVIDER_TOKEN_PURPOSE, readDonationKey } from './donation-keys.ts';
import type { ProviderCampaign, ProviderCampaignBody } from './donation-provider.answers.ts';
import { DonationProviderError } from './donation-provider.client.ts';
import { type DonationAccountRow, donationsRepository } from './donations.repository.ts';

const T = DONATION_TEXTS.messages;

/** The address of the photo the wizard shows (GET, with the session). */
export const DONATION_PHOTO_URL = '/api/donations/onboarding/photo';

const PHOTO_EXTENSIONS: Partial<Record<SniffedType, string>> = { png: 'png', jpeg: 'jpg' };

// ---- onboarding ----

const stateOf = (row: Pick<DonationAccountRow, 'candidate_id' | 'confirmed'>): DonationState =>
  row.candidate_id === null ? 'NOT_INTEGRATED' : row.confirmed ? 'CONFIRMED' : 'AWAITING_APPROVAL';

const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };

function politicianAnswer(p: Politician): DonationPoliticianAnswer {
  return defined({
    name: p.name,
    cpf: p.cpf,
    rg: p.rg,
    idDispatchingAgency: p.idDispatchingAgency,
    voterRegistration: p.voterRegistration,
    birthday: p.birthday,
    email: p.email,
    candidateCnpj: p.candidateCnpj,
    candidateNumber: p.candidateNumber,
    politicalOffice: p.politicalOffice,
    politicalParty: p.politicalParty,
    donationCampaignDescription: p.donationCampaignDescription,
    phone: p.phone,
    mobilePhone: p.mobilePhone,
    zipCode: p.address?.zipCode,
    street: p.address?.street,
    number: p.address?.number,
    complement: p.address?.complement,
    neighborhood: p.address?.neighborhood,
    city: p.address?.city,
    state: p.address?.state,
  });
}

/** Step 1 kept while the tenant has no politician record (migration 0041). */
function draftOf(row: DonationAccountRow): DonationPoliticianStep | undefined {
  const draft = row.politician_draft;
  return draft && typeof draft === 'object' ? (draft as DonationPoliticianStep) : undefined;
}

async function politicianOf(ctx: RequestContext, row: DonationAccountRow): Promise<Politician | undefined> {
  return row.politician_id === null ? undefined : findPolitician(ctx, row.politician_id);
}

function onboardingOf(row: DonationAccountRow, politician: Politician | undefined): DonationOnboarding {
  const draft = draftOf(row);
  return {
    state: stateOf(row),
    politician: politician ? politicianAnswer(politician) : draft ? defined({ ...draft }) : null,
    photo: row.photo_key ? { url: DONATION_PHOTO_URL } : null,
    candidateId: row.candidate_id,
  };
}

/**
 * GET /donations/onboarding. Awaiting approval, it asks the provider (outside any transaction)
 * and records the confirmation; a provider that fails leaves the state as recorded, but one that
 * refuses the token is a 403.
 */
export async function onboarding(steps: DonationSteps): Promise<DonationOnboarding> {
  const read = await readAccount(steps, (ctx, _auth, row) => politicianOf(ctx, row));
  const { row, more: politician } = read;
  if (stateOf(row) !== 'AWAITING_APPROVAL' || !politician) return onboardingOf(row, politician);
  let candidate: Awaited<ReturnType<AppContext['donationProvider']['candidateByCpf']>>;
  try {
    candidate = await steps.app.donationProvider.candidateByCpf(read.token, politician.cpf);
  } catch (error) {
    if (error instanceof DonationProviderError && error.status === 403) throw error;
    return onboardingOf(row, politician);
  }
  if (!candidate?.confirmado) return onboardingOf(row, politician);
  return steps.tx(async (ctx) => {
    const now = await accountOf(ctx);
    if (now.candidate_id === candidate.id && !now.confirmed)
      await donationsRepository.update(ctx, { confirmed: true });
    const after = await accountOf(ctx);
    return onboardingOf(after, await politicianOf(ctx, after));
  });
}

/** A politician answer as the record's body (sys-admin/politicians), to save it whole. */
function saveOf(p: Politician): PoliticianSave {
  return {
    name: p.name,
    ballotName: p.ballotName ?? undefined,
    cpf: p.cpf,
    rg: p.rg ?? undefined,
    idDispatchingAgency: p.idDispatchingAgency ?? undefined,
    voterRegistration: p.voterRegistration ?? undefined,
    birthday: p.birthday ?? undefined,
    email: p.email ?? undefined,
    politicalOffice: p.politicalOffice,
    politicalParty: p.politicalParty as PoliticianSave['politicalParty'],
    candidateNumber: p.candidateNumber ?? undefined,
    candidateCnpj: p.candidateCnpj ?? undefined,
    electoralState: (p.electoralState ?? undefined) as PoliticianSave['electoralState'],
    electoralCity: p.electoralCity ?? undefined,
    phone: p.phone ?? undefined,
    mobilePhone: p.mobilePhone ?? undefined,
    address: p.address ? (defined({ ...p.address }) as PoliticianSave['address']) : null,
    donationCampaignDescription: p.donationCampaignDescription ?? undefined,
    active: p.active,
  };
}

function candidacyOf(step: DonationCandidacyStep) {
  return {
    candidateCnpj: step.candidateCnpj,
    candidateNumber: step.candidateNumber,
    politicalOffice: step.politicalOffice as PoliticianSave['politicalOffice'],
    politicalParty: step.politicalParty as PoliticianSave['politicalParty'],
    donationCampaignDescription: step.donationCampaignDescription,
    phone: step.phone,
    mobilePhone: step.mobilePhone,
    address: {
      zipCode: step.zipCode,
      street: step.street,
      number: step.number,
      complement: step.complement,
      neighborhood: step.neighborhood,
      city: step.city,
      state: step.state,
    } as PoliticianSave['address'],
  };
}

/** The wizard changes nothing once the candidate is at the provider. */
function assertNotSent(row: DonationAccountRow) {
  if (row.candidate_id !== null) throw conflict(T.candidateSaveError, T.candidateSaveError);
}

/**
 * PUT /donations/onboarding/politician — step 1, saved on the politician record
 * (sys-admin/politicians): the account's, or the tenant's record with this CPF. A tenant with no
 * record yet keeps the step as the account's draft: the record needs step 2's office and party.
 */
export async function savePoliticianStep(steps: DonationSteps, step: DonationPoliticianStep) {
  await steps.tx(async (ctx, auth) => {
    const row = await accountOf(ctx);
    assertNotSent(row);
    const id = row.politician_id ?? (await politicianIdByCpf(ctx, step.cpf));
    const current = id === undefined ? undefined : await findPolitician(ctx, id);
    if (!current || id === undefined) {
      await donationsRepository.update(ctx, { politician_draft: JSON.stringify(step) });
      return;
    }
    await updatePolitician(ctx, auth, id, { ...saveOf(current), ...step });
    await donationsRepository.update(ctx, { politician_id: id, politician_draft: null });
  });
  return { message: DONATION_TEXTS.politician.ok };
}

/** PUT /donations/onboarding/candidacy — step 2 on the record (created here from the step 1 draft). */
export async function saveCandidacyStep(steps: DonationSteps, step: DonationCandidacyStep) {
  await steps.tx(async (ctx, auth) => {
    const row = await accountOf(ctx);
    assertNotSent(row);
    const current = await politicianOf(ctx, row);
    if (current) {
      await updatePolitician(ctx, auth, String(current.code), { ...saveOf(current), ...candidacyOf(step) });
      return;
    }
    const draft = draftOf(row);
    if (!draft) throw badRequest(DONATION_TEXTS.politician.invalid, { name: [MESSAGES.required] });
    const created = await createPolitician(ctx, auth, {
      ...draft,
      ...candidacyOf(step),
      ballotName: undefined,
      electoralState: undefined,
      electoralCity: undefined,
      active: true,
    });
    await donationsRepository.update(ctx, { politician_id: String(created.code), politician_draft: null });
  });
  return { message: DONATION_TEXTS.politician.ok };
}

// ---- photo ----

/**
 * PUT /donations/onboarding/photo: checked (account) in one transaction, received (jpg/png by its
 * bytes, ≤ 1 MB) and stored with no transaction open, recorded in another (replaceUpload: the new
 * file goes if the record fails, the one it replaces only after the record is committed).
 */
export async function savePhoto(
  steps: DonationSteps,
  receive: () => Promise<{ bytes: Buffer; type: SniffedType }>,
): Promise<{ url: string }> {
  const tenantId = await steps.tx(async (ctx) => {
    assertNotSent(await accountOf(ctx));
    return ctx.tenantId;
  });
  const file = await receive();
  const url = await replaceUpload(
    steps.app,
    { tenantId, area: 'donation-photo', file, extensions: PHOTO_EXTENSIONS, path: DONATION_PHOTO_URL },
    (photo) =>
      steps.tx(async (ctx) => {
        const row = await accountOf(ctx);
        assertNotSent(row);
        await donationsRepository.update(ctx, { photo_key: photo.key });
        return row.photo_key;
      }),
  );
  return { url };
}

/** GET /donations/onboarding/photo: the stored photo (404 when there is none). */
export async function photoFile(steps: DonationSteps): Promise<StoredFile> {
  const key = await steps.tx(async (ctx) => (await accountOf(ctx)).photo_key);
  const file = key ? await steps.app.files.get(key) : undefined;
  if (!file) throw new AppError(404, DONATION_TEXTS.photo.required);
  return file;
}

// ---- confirm ----

const CANDIDATE_REQUIRED = [
  'name',
  'cpf',
  'rg',
  'idDispatchingAgency',
  'voterRegistration',
  'birthday',
  'email',
  'politicalOffice',
  'politicalParty',
  'donationCampaignDescription',
  'phone',
  'mobilePhone',
  'zipCode',
  'street',
  'number',
  'neighborhood',
  'city',
  'state',
] as const;

/** The candidate's fields, each required one present, or a 400 naming the missing ones. */
function completeCandidate(politician: Politician | undefined, photoKey: string | null) {
  const answer = politician ? politicianAnswer(politician) : {};
  const errors: Record<string, string[]> = {};
  for (const field of CANDIDATE_REQUIRED)
    if (answer[field] === undefined) errors[field] = [MESSAGES.required];
  if (Object.keys(errors).length > 0) throw badRequest(DONATION_TEXTS.politician.invalid, errors);
  if (!photoKey) throw badRequest(DONATION_TEXTS.photo.required, { photo: [DONATION_TEXTS.photo.required] });
  return answer as Required<Pick<DonationPoliticianAnswer, (typeof CANDIDATE_REQUIRED)[number]>> &
    DonationPoliticianAnswer;
}

/** The account e-mail at the provider, made from the tenant (spec 3 §3 email_usuario). */
export const providerUserEmail = (slug: string) => `${slug}@doacao.mandato.app`;

async function streamToBuffer(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** The provider's ids of the office and party: from its lists, else the §3 enumerations'. */
async function providerIdsOf(steps: DonationSteps, token: string, office: string, party: string) {
  const options = await donationOptionsWith(steps, token);
  // a feminine form ('Deputada Federal') is sent as the office the provider names ('Deputado Federal')
  const known = (POLITICAL_OFFICES as readonly string[]).includes(office);
  const officeName = folded(
    known ? POLITICAL_OFFICE_LABELS[providerOffice(office as PoliticalOffice)] : office,
  );
  const officeId = options.offices.find((o) => folded(o.name) === officeName)?.id;
  const partyId = options.parties.find((p) => p.initials.toUpperCase() === party.toUpperCase())?.id;
  const errors: Record<string, string[]> = {};
  if (officeId === undefined) errors.politicalOffice = [MESSAGES.notAllowed];
  if (partyId === undefined) errors.politicalParty = [MESSAGES.notAllowed];
  if (officeId === undefined || partyId === undefined)
    throw badRequest(DONATION_TEXTS.politician.invalid, errors);
  return { officeId, partyId };
}

/**
 * POST /donations/onboarding/confirm: the candidate to the provider (POST candidatos) with the
 * photo and the IBGE ids of the offline table; awaiting approval after it. A candidate the
 * provider already has with this CPF (a confirm whose answer was lost) is taken, not sent again.
 */
export async function confirmOnboarding(steps: DonationSteps): Promise<DonationOnboarding> {
  const read = await readAccount(steps, (ctx, _auth, row) => politicianOf(ctx, row));
  const { row, more: politician, token } = read;
  if (row.candidate_id !== null) return onboardingOf(row, politician);
  const p = completeCandidate(politician, row.photo_key);
  const provider = steps.app.donationProvider;
  let candidate = await provider.candidateByCpf(token, p.cpf);
  if (!candidate) {
    const { geoUrl, timeoutMs } = steps.app.config.donation;
    const geo = { url: geoUrl, timeoutMs, log: steps.app.log };
    const ibge = await municipalityIbgeOf(geo, p.city, p.state);
    if (!ibge) throw badRequest(DONATION_TEXTS.politician.invalid, { city: [MESSAGES.invalidNested] });
    const { officeId, partyId } = await providerIdsOf(steps, token, p.politicalOffice, p.politicalParty);
    const photo = row.photo_key ? await steps.app.files.get(row.photo_key) : undefined;
    if (!photo) throw badRequest(DONATION_TEXTS.photo.required, { photo: [DONATION_TEXTS.photo.required] });
    candidate = await provider.createCandidate(token, {
      nome: p.name,
      cpf: p.cpf,
      rg: p.rg,
      orgao_expedidor: p.idDispatchingAgency,
      titulo_eleitoral: p.voterRegistration,
      data_nascimento: p.birthday,
      tipo_candidatura_id: officeId,
      partido_id: partyId,
      descricao_preferencia_campanha: p.donationCampaignDescription,
      email_usuario: providerUserEmail(read.slug),
      imagem_base_64: (await streamToBuffer(photo)).toString('base64'),
      endereco_attributes: {
        tipo_endereco_id: 1,
        logradouro: p.street,
        numero: p.number,
        ...(p.complement ? { complemento: p.complement } : {}),
        uf_codigo_ibge: ibge.stateIbge,
        municipio_codigo_ibge: ibge.municipalityIbge,
        bairro: p.neighborhood,
        cep: p.zipCode,
        fone: p.phone,
        celular: p.mobilePhone,
        email: p.email,
      },
    });
  }
  const sent = candidate;
  return steps.tx(async (ctx) => {
    const now = await accountOf(ctx);
    if (now.candidate_id === null)
      await donationsRepository.update(ctx, { candidate_id: sent.id, confirmed: sent.confirmado });
    const after = await accountOf(ctx);
    return onboardingOf(after, await politicianOf(ctx, after));
  });
}

// ---- options ----

async function donationOptionsWith(steps: DonationSteps, token: string): Promise<DonationOptions> {
  const provider = steps.app.donationProvider;
  const [parties, offices] = await Promise.all([
    provider.parties(token).then(
      (list) => list.map((p) => ({ id: p.id, initials: p.sigla, name: p.nome ?? p.sigla })),
      fallbackUnlessRefused(() =>
        DONATION_PARTIES_FALLBACK.filter((p) => p.selectable !== false).map((p) => ({
          id: p.number,
          initials: p.initials,
          name: p.name,
        })),
      ),
    ),
    provider.offices(token).then(
      (list) => list.map((o) => ({ id: o.id, name: o.descricao })),
      fallbackUnlessRefused(() => DONATION_OFFICES_FALLBACK.map((o) => ({ id: o.id, name: o.name }))),
    ),
  ]);
  return { parties, offices };
}

/** A provider that fails gives the fallback; one that refuses the token stays a 403. */
const fallbackUnlessRefused =
  <T>(fallback: () => T) =>
  (error: unknown): T => {
    if (error instanceof DonationProviderError && error.status === 403) throw error;
    return fallback();
  };

/** GET /donations/options: the provider's parties and offices, or the §3 enumerations. */
export async function donationOptions(steps: DonationSteps): Promise<DonationOptions> {
  const { token } = await readAccount(steps);
  return donationOptionsWith(steps, token);
}

// ---- campaigns ----

function presentCampaign(c: ProviderCampaign): DonationCampaign {
  return {
    token: c.token,
    title: c.nome,
    active: c.ativo,
    minCents: c.valor_minimo,
    maxCents: c.valor_maximo,
    suggestedCents:
      c.valor_sugerido ??
      suggestedCentsOf({
        minCents: c.valor_minimo,
        maxCents: c.valor_maximo,
        suggestedCents: undefined,
      }),
    url: c.url,
    createdAt: c.data,
  };
}

const reais = (cents: number) => Number(centsToReais(cents));

function campaignBody(candidateId: number, c: DonationCampaignSave): ProviderCampaignBody {
  return {
    candidato_id: candidateId,
    nome: c.title,
    ativo: c.active,
    valor_minimo: reais(c.minCents),
    valor_sugerido: reais(suggestedCentsOf(c)),
    valor_maximo: reais(c.maxCents),
  };
}

/** GET /donations/campaigns: the candidate's campaigns at the provider (none before onboarding). */
export async function listCampaigns(
  steps: DonationSteps,
): Promise<{ items: DonationCampaign[]; sandbox: boolean }> {
  const { row, token } = await readAccount(steps);
  // issue 40: the sandbox's links open only on this machine; the screen says so beside them
  const sandbox = steps.app.config.donation.sandbox === true;
  if (row.candidate_id === null) return { items: [], sandbox };
  const campaigns = await steps.app.donationProvider.campaigns(token, row.candidate_id);
  return { items: campaigns.map(presentCampaign), sandbox };
}

/** A campaign is created only for a confirmed candidate (spec 3 §2.5 'Nova Campanha'). */
async function confirmedAccount(steps: DonationSteps) {
  const read = await readAccount(steps);
  if (read.row.candidate_id === null || !read.row.confirmed) throw conflict(T.notConfirmed, T.notConfirmed);
  return { ...read, candidateId: read.row.candidate_id };
}

/** A campaign token the provider does not know (or another account's): 404. */
function campaignNotFound(error: unknown): never {
  if (error instanceof DonationProviderError && error.status === 404)
    throw new AppError(404, T.campaignNotFound, T.campaignNotFound);
  throw error;
}

export async function createCampaign(
  steps: DonationSteps,
  body: DonationCampaignSave,
): Promise<DonationCampaign> {
  const { token, candidateId } = await confirmedAccount(steps);
  return presentCampaign(
    await steps.app.donationProvider.createCampaign(token, campaignBody(candidateId, body)),
  );
}

export async function updateCampaign(
  steps: DonationSteps,
  campaignToken: string,
  body: DonationCampaignSave,
): Promise<DonationCampaign> {
  const { token, candidateId } = await confirmedAccount(steps);
  const saved = await steps.app.donationProvider
    .updateCampaign(token, campaignToken, campaignBody(candidateId, body))
    .catch(campaignNotFound);
  return presentCampaign(saved);
}

// ---- operator ----

/**
 * The operator's provider token of a tenant (CLI `donation-token`, the demo seed): sealed with the
 * donations key, bound to the tenant. False when there is no such tenant.
 */
export async function setProviderToken(
  deps: { db: Database; config: AppContext['config'] },
  slug: string,
  token: string,
): Promise<boolean> {
  const tenant = await tenantBySlug(deps.db.kysely, slug);
  if (!tenant) return false;
  const key = await readDonationKey(deps);
  await withTenant(deps.db, String(tenant.id), (ctx) => storeProviderToken(ctx, key, token));
  return true;
}

/**
 * Seals `token` for the tenant of `ctx` and keeps it (the CLI, the demo seed and Configurações ›
 * Provedor de doações): a token of another account forgets the candidate and its approval. `key`
 * is read before the transaction (its first read may write app_settings).
 */
export async function storeProviderToken(ctx: TenantContext, key: Buffer, token: string): Promise<void> {
  const sealed = seal(key, PROVIDER_TOKEN_PURPOSE, token, ctx.tenantId);
  const before = await donationsRepository.find(ctx);
  const otherAccount = before !== undefined && tokenOf(key, before, ctx.tenantId) !== token;
  await donationsRepository.saveToken(ctx, sealed, otherAccount);
}

/** Whether the tenant of `ctx` has a provider token (Configurações › Provedor de doações). */
export async function hasProviderToken(ctx: TenantContext): Promise<boolean> {
  return (await donationsRepository.find(ctx)) !== undefined;
}

/** The token a row holds, or undefined when it no longer opens (another key): another account. */
function tokenOf(key: Buffer, row: DonationAccountRow, tenantId: string): string | undefined {
  try {
    return unseal(key, PROVIDER_TOKEN_PURPOSE, row.provider_token_sealed, tenantId);
  } catch {
    return undefined;
  }
}
