import {
  AUDIT_SUBJECTS,
  DUPLICATES_TEXTS,
  MERGE_FIELDS,
  MERGE_UNDO_DAYS,
  type Merge,
  type MergeField,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { PersonReference } from '../../platform/person-data.ts';
import { peopleVisibility } from '../people/people.policy.ts';
import { recordAudit } from '../privacy/audit.service.ts';
import { duplicatesRepository } from './duplicates.repository.ts';
import { type JsonRow, type LockedPerson, mergeRepository, type TableShape } from './merge.repository.ts';
import { ADDRESS_COLUMNS, DERIVED_FROM_PEOPLE, hasValue, MERGE_FIELD_COLUMNS } from './merge-fields.ts';

const refKey = (ref: PersonReference) => `${ref.table}.${ref.personColumn}`;

/** The registered references the merge moves itself (the derived tables follow people's triggers). */
function movableReferences(ctx: RequestContext): PersonReference[] {
  return ctx.app.personData.references().filter((ref) => !DERIVED_FROM_PEOPLE.has(ref.table));
}

/** Shapes of the tables, read once per request from the catalog. */
function shapes(ctx: RequestContext) {
  const known = new Map<string, Promise<TableShape>>();
  return (name: string) => {
    let shape = known.get(name);
    if (!shape) {
      shape = mergeRepository.shape(ctx, name);
      known.set(name, shape);
    }
    return shape;
  };
}

/** The survivor as it will be: each field from the person chosen, else its own, else the first merged one with a value. */
function survivorAfter(survivor: LockedPerson, merged: LockedPerson[], fields: Merge['fields']): JsonRow {
  const everyone = [survivor, ...merged];
  const after: JsonRow = { ...survivor.row };
  for (const field of MERGE_FIELDS) {
    const chosen = fields[field as MergeField];
    const source = chosen
      ? everyone.find((p) => p.id === chosen)
      : hasValue(survivor.row, field)
        ? survivor
        : (merged.find((p) => hasValue(p.row, field)) ?? survivor);
    for (const column of MERGE_FIELD_COLUMNS[field]) after[column] = source?.row[column] ?? null;
  }
  // a godfather who is one of the merged people would be the survivor's own godfather
  if (everyone.some((p) => String(p.id) === String(after.godfather_id))) after.godfather_id = null;
  const tags = new Set(everyone.flatMap((p) => (p.row.tag_ids as (string | number)[]).map(String)));
  after.tag_ids = [...tags].sort((a, b) => Number(a) - Number(b));
  return after;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A unique, foreign-key, not-null or check violation: the data or the schema changed under the
 * merge or its undo in a way not foreseen (e.g. a CHECK added since that a kept row breaks).
 */
const INTEGRITY_VIOLATIONS: ReadonlySet<unknown> = new Set(['23505', '23503', '23502', '23514']);
const integrityViolation = (error: unknown) =>
  INTEGRITY_VIOLATIONS.has((error as { code?: unknown } | null)?.code);

/** Rows the undo can put back, with how many links it cleared and how many rows it left out. */
interface Restorable {
  rows: JsonRow[];
  cleared: number;
  leftOut: number;
}

/**
 * The rows as the undo can put them back after rows they point to were deleted since the merge: a
 * link whose foreign key clears it on delete (ON DELETE SET NULL: the company, the godfather) is
 * cleared; a row the deletion would have taken or been refused by (a recipient of a deleted shot)
 * stays out. Each row ends as it would be had it never left its table.
 */
async function restorable(ctx: RequestContext, shape: TableShape, rows: JsonRow[]): Promise<Restorable> {
  const copies = rows.map((row) => ({ ...row }));
  const out = new Set<number>();
  let cleared = 0;
  for (const fk of shape.foreignKeys) {
    if (fk.columns.every((c) => c === 'tenant_id')) continue; // the tenant is the caller's own
    const clears = fk.setNull?.filter((c) => c !== 'tenant_id') ?? [];
    for (const n of await mergeRepository.danglingRows(ctx, shape, fk, copies)) {
      const row = copies[n];
      if (!row || out.has(n)) continue;
      if (clears.length === 0) {
        out.add(n);
        continue;
      }
      for (const c of clears) row[c] = null;
      cleared++;
    }
  }
  return { rows: copies.filter((_, n) => !out.has(n)), cleared, leftOut: out.size };
}

/**
 * POST /api/people/merge, in the request's one transaction: the survivor takes the chosen fields
 * and every tag; every row of every registered person reference (app.personData) moves to it,
 * rows that would repeat a unique key it already holds removed; the merged people go. All of it is
 * kept in person_merges for the undo (30 days) and the merge is audited.
 */
export async function mergePeople(
  ctx: RequestContext,
  auth: AuthContext,
  input: Merge,
): Promise<{ mergeCode: string }> {
  try {
    return await applyMerge(ctx, auth, input);
  } catch (error) {
    // a key removeConflicts cannot settle (an expression that makes a merged row repeat a row of
    // someone outside the merge): the request's transaction rolls back whole
    if (integrityViolation(error)) throw conflict(DUPLICATES_TEXTS.mergeCollision);
    throw error;
  }
}

async function applyMerge(
  ctx: RequestContext,
  auth: AuthContext,
  input: Merge,
): Promise<{ mergeCode: string }> {
  const survivorId = input.survivorCode;
  const mergedIds = input.mergedCodes;
  const locked = await mergeRepository.lockPeople(ctx, [survivorId, ...mergedIds], peopleVisibility(auth));
  const byId = new Map(locked.map((p) => [p.id, p]));
  const survivor = byId.get(survivorId);
  const merged = mergedIds.map((id) => byId.get(id));
  if (!survivor || merged.some((p) => !p)) throw badRequest(DUPLICATES_TEXTS.unknownPerson);
  const mergedPeople = merged as LockedPerson[];
  if (locked.some((p) => p.isTeam)) throw badRequest(DUPLICATES_TEXTS.teamMember);

  const shapeOf = shapes(ctx);
  const after: JsonRow = {
    ...survivorAfter(survivor, mergedPeople, input.fields),
    updated_at: new Date().toISOString(),
  };
  const changedColumns = Object.keys(after).filter((c) => !same(after[c], survivor.row[c]));
  await mergeRepository.overwrite(ctx, 'people', survivorId, after, changedColumns);

  const moved: Record<string, JsonRow[]> = {};
  const removed: Record<string, JsonRow[]> = {};
  for (const ref of movableReferences(ctx)) {
    const shape = await shapeOf(ref.table);
    const gone = await mergeRepository.removeConflicts(ctx, shape, ref.personColumn, survivorId, mergedIds);
    if (gone.length > 0) removed[ref.table] = [...(removed[ref.table] ?? []), ...gone];
    // people's own rows: the merged ones go whole, the survivor's godfather was settled above
    const skip = ref.table === 'people' ? [survivorId, ...mergedIds] : [];
    const keys = await mergeRepository.moveRows(ctx, shape, ref.personColumn, survivorId, mergedIds, skip);
    if (keys.length > 0) moved[refKey(ref)] = keys;
  }
  await mergeRepository.deletePeople(ctx, mergedIds);
  await duplicatesRepository.forgetGroupsOf(ctx, [survivorId, ...mergedIds]);
  await mergeRepository.purgeExpired(ctx, MERGE_UNDO_DAYS);
  const mergeCode = await mergeRepository.insertMerge(ctx, {
    survivorId,
    mergedIds,
    survivorBefore: survivor.row,
    mergedRows: mergedPeople.map((p) => p.row),
    changedColumns,
    moved,
    removed,
    createdBy: auth.user.id,
  });
  await recordAudit(ctx, {
    action: 'MERGE',
    subject: AUDIT_SUBJECTS.merge(mergeCode),
    detail: {
      survivor: Number(survivorId),
      merged: mergedIds.join(','),
      moved: Object.values(moved).reduce((n, rows) => n + rows.length, 0),
      removed: Object.values(removed).reduce((n, rows) => n + rows.length, 0),
    },
  });
  return { mergeCode };
}

/**
 * POST /api/people/merge/{code}/undo, in one transaction: the merged people come back with their
 * ids and every column, the survivor's changed columns take their old values, removed rows return
 * and moved rows still on the survivor go back to the person they came from. Rows deleted since
 * the merge are not brought back through the rows that pointed to them (see `restorable`); what the
 * undo cleared or left out is in its audit record. Anything else in the way: a 409 that changes nothing.
 */
export async function undoMerge(
  ctx: RequestContext,
  auth: AuthContext,
  code: string,
): Promise<{ mergeCode: string; restored: number[] }> {
  try {
    return await applyUndo(ctx, auth, code);
  } catch (error) {
    if (integrityViolation(error)) throw conflict(DUPLICATES_TEXTS.undoBlocked);
    throw error;
  }
}

async function applyUndo(
  ctx: RequestContext,
  auth: AuthContext,
  code: string,
): Promise<{ mergeCode: string; restored: number[] }> {
  const merge = await mergeRepository.findMerge(ctx, code, MERGE_UNDO_DAYS);
  if (!merge) throw notFound(DUPLICATES_TEXTS.mergeNotFound);
  if (merge.undone) throw conflict(DUPLICATES_TEXTS.alreadyUndone);
  if (merge.expired) throw conflict(DUPLICATES_TEXTS.undoExpired);
  const visible = await mergeRepository.lockPeople(ctx, [merge.survivorId], peopleVisibility(auth));
  if (visible.length === 0) {
    const exists = await mergeRepository.existing(ctx, [merge.survivorId]);
    throw exists.length > 0
      ? notFound(DUPLICATES_TEXTS.mergeNotFound)
      : conflict(DUPLICATES_TEXTS.survivorGone);
  }
  if ((await mergeRepository.existing(ctx, merge.mergedIds)).length > 0)
    throw conflict(DUPLICATES_TEXTS.mergedBack);

  const shapeOf = shapes(ctx);
  const people = await shapeOf('people');
  const mergedPeople = await restorable(ctx, people, merge.mergedRows);
  if (mergedPeople.leftOut > 0) throw conflict(DUPLICATES_TEXTS.undoBlocked);
  await mergeRepository.insertRows(ctx, people, mergedPeople.rows, false);
  // checked once the merged people are back: the survivor's old godfather may be one of them
  const [survivorBefore = merge.survivorBefore] = (await restorable(ctx, people, [merge.survivorBefore]))
    .rows;
  let cleared =
    mergedPeople.cleared +
    merge.changedColumns.filter((c) => survivorBefore[c] !== merge.survivorBefore[c]).length;
  // columns of people as they are now that the kept row holds: a migration may have come since
  const kept = (row: JsonRow, columns: readonly string[]) =>
    columns.filter((c) => c in row && people.columns.includes(c));
  const changed = kept(survivorBefore, merge.changedColumns);
  await mergeRepository.overwrite(ctx, 'people', merge.survivorId, survivorBefore, changed);
  // the address trigger (0017) reset the points it saw change: every other column once more, as it was
  const notAddress = people.columns.filter((c) => c !== 'tenant_id' && c !== 'id' && !ADDRESS_COLUMNS.has(c));
  for (const row of mergedPeople.rows)
    await mergeRepository.overwrite(ctx, 'people', String(row.id), row, kept(row, notAddress));
  await mergeRepository.overwrite(
    ctx,
    'people',
    merge.survivorId,
    survivorBefore,
    changed.filter((c) => !ADDRESS_COLUMNS.has(c)),
  );
  let leftOut = 0;
  for (const [tableName, rows] of Object.entries(merge.removed)) {
    const shape = await shapeOf(tableName);
    const back = await restorable(ctx, shape, rows);
    cleared += back.cleared;
    leftOut += back.leftOut;
    await mergeRepository.insertRows(ctx, shape, back.rows, true);
  }
  for (const [ref, keys] of Object.entries(merge.moved)) {
    const [tableName = '', column = ''] = ref.split('.');
    await mergeRepository.moveBack(ctx, await shapeOf(tableName), column, merge.survivorId, keys);
  }
  await mergeRepository.markUndone(ctx, merge.id, auth.user.id);
  await recordAudit(ctx, {
    action: 'MERGE_UNDO',
    subject: AUDIT_SUBJECTS.merge(merge.id),
    detail: {
      survivor: Number(merge.survivorId),
      merged: merge.mergedIds.join(','),
      linksCleared: cleared,
      rowsLeftOut: leftOut,
    },
  });
  return { mergeCode: merge.id, restored: merge.mergedIds.map(Number) };
}
