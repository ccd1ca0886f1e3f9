import {
  type Address,
  type ListAnswer,
  POLITICIAN_TEXTS,
  type Politician,
  type PoliticianSave,
  type PoliticiansQuery,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso } from '../../platform/dates.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { type PoliticianRecord, politiciansRepository } from './politicians.repository.ts';

function presentAddress(r: PoliticianRecord): Address | null {
  const address = {
    zipCode: r.zip_code ?? undefined,
    street: r.street ?? undefined,
    number: r.number ?? undefined,
    complement: r.complement ?? undefined,
    neighborhood: r.neighborhood ?? undefined,
    city: r.city ?? undefined,
    state: (r.state ?? undefined) as Address['state'],
  };
  return Object.values(address).some((v) => v !== undefined) ? address : null;
}

export function presentPolitician(r: PoliticianRecord): Politician {
  return {
    code: Number(r.id),
    name: r.name,
    ballotName: r.ballot_name,
    cpf: r.cpf,
    rg: r.rg,
    idDispatchingAgency: r.id_dispatching_agency,
    voterRegistration: r.voter_registration,
    birthday: r.birthday ? String(r.birthday).slice(0, 10) : null,
    email: r.email,
    politicalOffice: r.political_office as Politician['politicalOffice'],
    politicalParty: r.political_party,
    candidateNumber: r.candidate_number,
    candidateCnpj: r.candidate_cnpj,
    electoralState: r.electoral_state,
    electoralCity: r.electoral_city,
    phone: r.phone,
    mobilePhone: r.mobile_phone,
    address: presentAddress(r),
    donationCampaignDescription: r.donation_campaign_description,
    active: r.active,
    createDate: toIso(r.created_at),
    updateDate: toIso(r.updated_at),
  };
}

/** GET /sys-admin/politicians: the tenant's politicians by name, paged. */
export async function listPoliticians(
  ctx: RequestContext,
  _auth: AuthContext,
  query: PoliticiansQuery,
): Promise<ListAnswer<Politician>> {
  const { rows, total } = await politiciansRepository.list(ctx, {
    search: query.searchString?.trim() ?? '',
    active: query.active,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
  });
  return { list: rows.map(presentPolitician), total };
}

/** One CPF per tenant: 409 with the field, never a unique-key 500. */
async function assertCpfFree(ctx: TenantContext, cpf: string, ownId?: string) {
  const holder = await politiciansRepository.idByCpf(ctx, cpf);
  if (holder !== undefined && holder !== ownId) {
    throw conflict(POLITICIAN_TEXTS.cpfTaken, { cpf: [POLITICIAN_TEXTS.cpfTaken] });
  }
}

/** POST /sys-admin/politicians */
export async function createPolitician(
  ctx: RequestContext,
  auth: AuthContext,
  body: PoliticianSave,
): Promise<Politician> {
  await assertCpfFree(ctx, body.cpf);
  const id = await politiciansRepository.insert(ctx, body, auth.user.id);
  return presentPolitician((await politiciansRepository.find(ctx, id)) as PoliticianRecord);
}

/** PUT /sys-admin/politicians/{id}: the whole record; another tenant's id is a 404. */
export async function updatePolitician(
  ctx: RequestContext,
  _auth: AuthContext,
  id: string,
  body: PoliticianSave,
): Promise<Politician> {
  if (!(await politiciansRepository.find(ctx, id))) throw notFound(POLITICIAN_TEXTS.notFound);
  await assertCpfFree(ctx, body.cpf, id);
  await politiciansRepository.update(ctx, id, body);
  return presentPolitician((await politiciansRepository.find(ctx, id)) as PoliticianRecord);
}

/** For other modules (donations, demo seed), inside their transaction: the active politicians. */
export async function activePoliticians(ctx: TenantContext): Promise<Politician[]> {
  const { rows } = await politiciansRepository.list(ctx, {
    search: '',
    active: true,
    page: 1,
    itemsPerPage: 50,
  });
  return rows.map(presentPolitician);
}

/** For the demo seed, inside its transaction: creates the record unless its CPF exists. */
export async function ensurePolitician(ctx: TenantContext, body: PoliticianSave): Promise<void> {
  if (await politiciansRepository.idByCpf(ctx, body.cpf)) return;
  await politiciansRepository.insert(ctx, body, null);
}

/** For the donations wizard, inside its transaction: the record, if it is the tenant's. */
export async function findPolitician(ctx: TenantContext, id: string): Promise<Politician | undefined> {
  const row = await politiciansRepository.find(ctx, id);
  return row && presentPolitician(row);
}

/** For the donations wizard, inside its transaction: the id of the record holding this CPF. */
export function politicianIdByCpf(ctx: TenantContext, cpf: string): Promise<string | undefined> {
  return politiciansRepository.idByCpf(ctx, cpf);
}
