import {
  CRM_MESSAGES,
  canSeeSegmentType,
  type FilterExpression,
  type ListAnswer,
  SEGMENT_TYPE_LABELS,
  SEGMENT_TYPES,
  type Segment,
  type SegmentSave,
  type SegmentType,
  SPECIAL_SEGMENT_CODES,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import type { ExactCountCache } from '../../platform/db/exact-count-cache.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { AppError, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/auth.guard.ts';
import { countCompanies } from '../companies/companies.lookup.ts';
import { assertType } from '../people/people.policy.ts';
import { countPeople } from '../people/people.service.ts';
import { assertExpression, compileChecked } from './segment-filter.ts';
import { type SegmentRecord, segmentsRepository } from './segments.repository.ts';

const specialType = (code: number): SegmentType | undefined =>
  SEGMENT_TYPES.find((type) => SPECIAL_SEGMENT_CODES[type] === code);

/** Records of the type matching the expression that the caller may see. */
export async function segmentTotal(
  ctx: TenantContext,
  counts: ExactCountCache,
  auth: AuthContext,
  type: SegmentType,
  expression: FilterExpression,
): Promise<number> {
  if (type === 'COMPANY') return countCompanies(ctx, compileChecked(type, expression));
  return countPeople(ctx, counts, auth, type, expression);
}

async function present(
  ctx: TenantContext,
  counts: ExactCountCache,
  auth: AuthContext,
  s: SegmentRecord | SegmentType,
): Promise<Segment> {
  const segment =
    typeof s === 'string'
      ? {
          code: SPECIAL_SEGMENT_CODES[s],
          name: SEGMENT_TYPE_LABELS[s],
          type: s,
          expression: [],
          special: true,
        }
      : { code: Number(s.id), name: s.name, type: s.type, expression: s.expression, special: false };
  let total = 0;
  try {
    total = await segmentTotal(ctx, counts, auth, segment.type, segment.expression);
  } catch (error) {
    // a list saved before a rule change must not break the whole menu: it counts nothing
    if (!(error instanceof AppError)) throw error;
  }
  return { ...segment, total };
}

/**
 * GET /segments: the special list of the type first, then the saved ones by name, `itemsPerPage`
 * per page (the special one takes the first slot of page 1); total counts both.
 */
export function listSegments(
  app: AppContext,
  auth: AuthContext,
  query: { type: SegmentType; page: number; itemsPerPage: number },
): Promise<ListAnswer<Segment>> {
  assertType(auth, query.type);
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    const start = (query.page - 1) * query.itemsPerPage;
    const end = start + query.itemsPerPage;
    const saved = await segmentsRepository.list(
      ctx,
      query.type,
      Math.max(0, start - 1),
      end - Math.max(start, 1),
    );
    const list: Segment[] = [];
    if (start === 0) list.push(await present(ctx, app.counts, auth, query.type));
    for (const s of saved) list.push(await present(ctx, app.counts, auth, s));
    return { list, total: (await segmentsRepository.countActive(ctx, query.type)) + 1 };
  });
}

/** GET /segments/names: code and name of every list of the asked types the caller may see. */
export function segmentNames(app: AppContext, auth: AuthContext, types: SegmentType[]) {
  const allowed = (types.length > 0 ? types : [...SEGMENT_TYPES]).filter((t) =>
    canSeeSegmentType(auth.access, t),
  );
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    const saved = await segmentsRepository.names(ctx, allowed);
    return [
      ...allowed.map((type) => ({
        code: SPECIAL_SEGMENT_CODES[type],
        name: SEGMENT_TYPE_LABELS[type],
        type,
        special: true,
      })),
      ...saved.map((s) => ({ code: Number(s.id), name: s.name, type: s.type, special: false })),
    ];
  });
}

async function savedSegment(ctx: TenantContext, auth: AuthContext, id: string, activeOnly = true) {
  const segment = await segmentsRepository.find(ctx, id);
  if (!segment || (activeOnly && !segment.active)) throw notFound(CRM_MESSAGES.segmentNotFound);
  assertType(auth, segment.type);
  return segment;
}

export function getSegment(app: AppContext, auth: AuthContext, id: string): Promise<Segment> {
  const special = specialType(Number(id));
  if (special) assertType(auth, special);
  return withTenant(app.db, auth.tenant.id, async (ctx) =>
    present(ctx, app.counts, auth, special ?? (await savedSegment(ctx, auth, id))),
  );
}

export function createSegment(app: AppContext, auth: AuthContext, body: SegmentSave): Promise<Segment> {
  assertType(auth, body.type);
  assertExpression(body.type, body.expression);
  return withTenant(app.db, auth.tenant.id, async (ctx) =>
    present(ctx, app.counts, auth, await segmentsRepository.insert(ctx, body, auth.user.id)),
  );
}

const refuseSpecial = (id: string) => {
  if (specialType(Number(id))) throw forbidden(CRM_MESSAGES.specialSegment);
};

export function updateSegment(
  app: AppContext,
  auth: AuthContext,
  id: string,
  body: SegmentSave,
): Promise<Segment> {
  refuseSpecial(id);
  assertType(auth, body.type);
  assertExpression(body.type, body.expression);
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    await savedSegment(ctx, auth, id);
    await segmentsRepository.update(ctx, id, body);
    return present(ctx, app.counts, auth, (await segmentsRepository.find(ctx, id)) as SegmentRecord);
  });
}

/** PUT /segments/{id}/toogle-active: the app's delete (a second call restores the list). */
export function toggleSegment(app: AppContext, auth: AuthContext, id: string) {
  refuseSpecial(id);
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    const segment = await savedSegment(ctx, auth, id, false);
    await segmentsRepository.setActive(ctx, id, !segment.active);
    return { code: Number(id), active: !segment.active };
  });
}
