import type { Address, ImportRow } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { presentAddress } from './people.present.ts';
import { peopleRepository } from './people.repository.ts';
import { peopleBulkRepository } from './people-bulk.repository.ts';
import { importPeopleBatch } from './people-bulk.ts';
import { peopleGeoRepository } from './people-geo.repository.ts';

/** For other modules, inside their transaction: the people among `ids` the caller may see. */
export function visiblePeopleNames(ctx: TenantContext, vis: PeopleVisibility, ids: readonly string[]) {
  return peopleRepository.namesOf(ctx, vis, [...new Set(ids)]);
}

// --- added for the agenda/interactions/profile work (issue 4): reads and one address write, no new SQL

export { type PeopleVisibility, peopleVisibility } from './people.policy.ts';
/** How people, companies and names are shown the same way everywhere. */
export { codeName, presentAddress } from './people.present.ts';
/** For modules that join `people as p` (interactions search): the visibility rules as a where. */
export { visibleTo as visiblePeopleWhere } from './people.repository.ts';

/** The address on a user's team person record (the profile's address block), or null. */
export async function teamPersonAddress(ctx: TenantContext, userId: string): Promise<Address | null> {
  const id = await peopleRepository.findIdByUser(ctx, userId);
  if (!id) return null;
  const [row] = await peopleRepository.findByIds(ctx, [id]);
  return row ? presentAddress(row) : null;
}

/** Saves the profile's address block on the user's team person record (null clears it). */
export async function saveTeamPersonAddress(ctx: TenantContext, userId: string, address: Address | null) {
  const id = await peopleRepository.findIdByUser(ctx, userId);
  if (!id) return;
  await peopleRepository.update(ctx, id, {
    zip_code: address?.zipCode ?? null,
    street: address?.street ?? null,
    number: address?.number ?? null,
    complement: address?.complement ?? null,
    neighborhood: address?.neighborhood ?? null,
    city: address?.city ?? null,
    state: address?.state ?? null,
  });
}

/** The tenant's contacts (people not in the team): what the plan counts (tenants, wired in app.ts). */
export { countContacts } from './people.service.ts';
/** Every user is a team member: the team module keeps their person record in step. */
export { addTeamPerson, syncTeamPerson } from './team-members.ts';

/** Operator path (demo sample): inserts a person as given, in the caller's transaction. */
export function insertPerson(
  ctx: TenantContext,
  values: Parameters<typeof peopleRepository.insert>[1],
): Promise<string> {
  return peopleRepository.insert(ctx, values);
}

// --- added for the people export (issue 11): the spreadsheet rows from a cursor, no SQL here

/** The visible people of a type matching an expression, as CSV lines or typed cells, in batches. */
export { peopleSheetLines, peopleSheetValues, type SheetValues } from './people-sheet.ts';

// --- added for the people import (issue 11): set-based writes of a batch of validated rows

/** One batch of an import (people-import job), in the caller's transaction. */
export { type BulkBatch, type BulkOutcome, importPeopleBatch } from './people-bulk.ts';

/** The e-mails and CPFs among these that the list (team or contacts) already holds. */
export function knownPeopleKeys(
  ctx: TenantContext,
  isTeam: boolean,
  emails: readonly string[],
  cpfs: readonly string[],
): Promise<{ emails: Set<string>; cpfs: Set<string> }> {
  return peopleBulkRepository.knownKeys(ctx, isTeam, emails, cpfs);
}

// --- added for the people map (issue 12): the grid cells and a pin's people, SQL in people-map.repository

export {
  type CellRange,
  type CellVotes,
  type MapCellKey,
  type MapFilter,
  mapCellPeople,
  mapCellSummary,
  mapCellVotes,
  moveMapCell,
} from './people-map.ts';

// --- added for geocoding (issue 12): the geocoding columns of people, for the geocoding job

/** People waiting for the geocoder, their back-off, the writes of a batch and 'Revalidar pontos'. */
export const peopleGeo = {
  pending: peopleGeoRepository.pending,
  nextRetryAt: peopleGeoRepository.nextRetryAt,
  write: peopleGeoRepository.write,
  markForRecheck: peopleGeoRepository.markForRecheck,
  recheckRows: peopleGeoRepository.recheckRows,
  clearRecheck: peopleGeoRepository.clearRecheck,
};

// --- the public sponsor sign-up (issues 13, 25): it never changes an existing record

type SignUpRow = Omit<ImportRow, 'line' | 'code' | 'godfather'>;

/**
 * A public sign-up through a sponsor link, written only when it is a new contact: the row goes in
 * as an import row that skips a duplicate (same e-mail, else CPF), so an existing contact is read,
 * never written; a new one is linked to the godfather. Answers the person and whether it is new.
 */
export async function signUpNewPerson(
  ctx: TenantContext,
  row: SignUpRow,
  createdBy: string | null,
  godfatherId: string | null,
): Promise<{ personId: string; created: boolean } | undefined> {
  const [outcome] = await importPeopleBatch(ctx, {
    rows: [{ ...row, line: 1 }],
    behavior: 'SKIP',
    isTeam: false,
    importerId: createdBy,
    ownerOnly: false,
  });
  const personId = outcome?.personId;
  if (!personId) return undefined;
  const created = outcome.status === 'success';
  if (created && godfatherId) await peopleRepository.update(ctx, personId, { godfather_id: godfatherId });
  return { personId, created };
}

/**
 * A team user's confirmation of a waiting public sign-up: merged into that contact as an import row
 * with 'Atualizar quando vazio' (blank fields filled, nothing overwritten); the godfather is linked
 * when the contact has none (and is not themself). False when the contact is no longer one.
 */
export async function mergeSignUpInto(
  ctx: TenantContext,
  personId: string,
  row: SignUpRow,
  godfatherId: string | null,
  userId: string,
): Promise<boolean> {
  const [outcome] = await importPeopleBatch(ctx, {
    rows: [{ ...row, code: personId, line: 1 }],
    behavior: 'UPDATE_BLANK',
    isTeam: false,
    importerId: userId,
    ownerOnly: false,
  });
  if (outcome?.status !== 'success' || outcome.personId !== personId) return false;
  const [person] = await peopleRepository.findByIds(ctx, [personId]);
  if (godfatherId && person && person.godfather_id === null && personId !== godfatherId)
    await peopleRepository.update(ctx, personId, { godfather_id: godfatherId });
  return true;
}
