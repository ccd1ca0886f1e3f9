import type { TenantContext } from '../../platform/db/tenancy.ts';
import { type PersonValues, peopleRepository } from './people.repository.ts';
import { peopleBulkRepository } from './people-bulk.repository.ts';

/**
 * People in batches, for the import and export jobs and the operator's seeds, in the caller's
 * transaction: set-based writes of validated import rows (issue 11), the e-mails and CPFs already
 * held, the export's rows from a cursor, one person inserted as given. No SQL crosses: rows in, ids
 * and outcomes out.
 */

/** One batch of an import (people-import job). */
export { type BulkBatch, type BulkOutcome, importPeopleBatch } from './people-bulk.ts';

/** The visible people of a type matching an expression, as CSV lines or typed cells, in batches. */
export { peopleSheetLines, peopleSheetValues, type SheetValues } from './people-sheet.ts';

/** The e-mails and CPFs among these that the list (team or contacts) already holds. */
export function knownPeopleKeys(
  ctx: TenantContext,
  isTeam: boolean,
  emails: readonly string[],
  cpfs: readonly string[],
): Promise<{ emails: Set<string>; cpfs: Set<string> }> {
  return peopleBulkRepository.knownKeys(ctx, isTeam, emails, cpfs);
}

/** A person's columns as an operator path writes them (demo sample, tests): `created_at` may be set. */
export type InsertedPerson = Partial<PersonValues> & {
  is_team?: boolean;
  user_id?: string | null;
  created_by: string | null;
  created_at?: Date;
};

/** Operator path (demo sample): inserts a person as given; answers its id. */
export function insertPerson(ctx: TenantContext, values: InsertedPerson): Promise<string> {
  return peopleRepository.insert(ctx, values);
}
