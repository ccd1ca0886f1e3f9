import { type Address, type CodeName, PERSON_MESSAGES, type Person, type PersonSave } from '@mandato/domain';
import { toIso } from '../../platform/dates.ts';
import { addressColumns } from '../../platform/db/sql-helpers.ts';
import type { PersonRow, PersonValues } from './people.repository.ts';

/** Shown for people saved without a name (spec 2 §2 "[Sem Nome]"). */
export const UNNAMED = PERSON_MESSAGES.unnamed;

export const codeName = (id: string | number, name: string | null): CodeName => ({
  code: Number(id),
  name: name ?? UNNAMED,
});

export function presentAddress(row: {
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
}): Address | null {
  const address = {
    zipCode: row.zip_code ?? undefined,
    street: row.street ?? undefined,
    number: row.number ?? undefined,
    complement: row.complement ?? undefined,
    neighborhood: row.neighborhood ?? undefined,
    city: row.city ?? undefined,
    state: (row.state ?? undefined) as Address['state'],
  };
  return Object.values(address).some((v) => v !== undefined) ? address : null;
}

/** A stored person as the API returns it; `tags` maps tag ids to names. */
export function presentPerson(row: PersonRow, tags: Map<string, string>): Person {
  const tagIds = (row.tag_ids ?? []).map(String);
  return {
    code: Number(row.id),
    name: row.name,
    email: row.email,
    cellphone: row.cellphone,
    phoneTwo: row.phone_two,
    cpf: row.cpf,
    birthDate: row.birth_date ? String(row.birth_date).slice(0, 10) : null,
    nickname: row.nickname,
    gender: row.gender as Person['gender'],
    address: presentAddress(row),
    profession: row.profession,
    company: row.company_id ? codeName(row.company_id, row.company_name) : null,
    godfather: row.godfather_id ? codeName(row.godfather_id, row.godfather_name) : null,
    votingZone: row.voting_zone,
    votingSection: row.voting_section,
    notes: row.notes,
    tags: tagIds.filter((id) => tags.has(id)).map((id) => codeName(id, tags.get(id) ?? null)),
    vote: row.vote as Person['vote'],
    influence: Number(row.influence),
    emailStatus: row.email_status as Person['emailStatus'],
    smsStatus: row.sms_status as Person['smsStatus'],
    isUser: row.is_team,
    user: row.user_code ? { code: String(row.user_code), active: !!row.user_active } : null,
    createDate: toIso(row.created_at),
    createdBy: row.creator_code ? { code: String(row.creator_code), name: row.creator_name ?? '' } : null,
  };
}

/** The validated form as stored columns (no address → every address column null). */
export function personValues(p: PersonSave): PersonValues {
  return {
    name: p.name ?? null,
    email: p.email ?? null,
    cellphone: p.cellphone ?? null,
    phone_two: p.phoneTwo ?? null,
    cpf: p.cpf ?? null,
    birth_date: p.birthDate ?? null,
    nickname: p.nickname ?? null,
    gender: p.gender ?? null,
    ...addressColumns(p.address),
    profession: p.profession ?? null,
    company_id: p.companyCode ? String(p.companyCode) : null,
    godfather_id: p.godfatherCode ? String(p.godfatherCode) : null,
    voting_zone: p.votingZone ?? null,
    voting_section: p.votingSection ?? null,
    notes: p.notes ?? null,
    vote: p.vote,
    influence: p.influence,
    tag_ids: p.tags.map(String),
  };
}
