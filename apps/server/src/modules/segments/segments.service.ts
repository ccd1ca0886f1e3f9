import {
  CRM_MESSAGES,
  canSeeSegmentType,
  type FilterExpression,
  type ListAnswer,
  type PeopleListQuery,
  SEGMENT_TYPE_LABELS,
  SEGMENT_TYPES,
  type Segment,
  type SegmentSave,
  type SegmentType,
  SPECIAL_SEGMENT_CODES,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { countCompanies } from '../companies/companies.lookup.ts';
import { assertType, peopleVisibility, visibilityOfType } from '../people/people.policy.ts';
import { countPeople, searchPage } from '../people/people.service.ts';
import { assertExpression } from './segment-filter.ts';
import { findActiveSegment } from './segments.lookup.ts';
import { type SegmentRecord, segmentsRepository } from './segments.repository.ts';

const specialType = (code: number): SegmentType | undefined =>
  SEGMENT_TYPES.find((type) => SPECIAL_SEGMENT_CODES[type] === code);

/** Records of the type matching the expression that the caller may see. */
export async function segmentTotal(
  ctx: RequestContext,
  auth: AuthContext,
  type: SegmentType,
  expression: FilterExpression,
): Promise<number> {
  if (type === 'COMPANY') return countCompanies(ctx, expression);
  return countPeople(ctx, auth, type, expression);
}

async function present(
  ctx: RequestContext,
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
    total = await segmentTotal(ctx, auth, segment.type, segment.expression);
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
export async function listSegments(
  ctx: RequestContext,
  auth: AuthContext,
  query: { type: SegmentType; page: number; itemsPerPage: number },
): Promise<ListAnswer<Segment>> {
  assertType(auth, query.type);
  const start = (query.page - 1) * query.itemsPerPage;
  const end = start + query.itemsPerPage;
  const saved = await segmentsRepository.list(
    ctx,
    query.type,
    Math.max(0, start - 1),
    end - Math.max(start, 1),
  );
  const list: Segment[] = [];
  if (start === 0) list.push(await present(ctx, auth, query.type));
  for (const s of saved) list.push(await present(ctx, auth, s));
  return { list, total: (await segmentsRepository.countActive(ctx, query.type)) + 1 };
}

/** GET /segments/names: code and name of every list of the asked types the caller may see. */
export async function segmentNames(ctx: RequestContext, auth: AuthContext, types: SegmentType[]) {
  const allowed = (types.length > 0 ? types : [...SEGMENT_TYPES]).filter((t) =>
    canSeeSegmentType(auth.access, t),
  );
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
}

async function savedSegment(ctx: TenantContext, auth: AuthContext, id: string, activeOnly = true) {
  const segment = await segmentsRepository.find(ctx, id);
  if (!segment || (activeOnly && !segment.active)) throw notFound(CRM_MESSAGES.segmentNotFound);
  assertType(auth, segment.type);
  return segment;
}

export async function getSegment(ctx: RequestContext, auth: AuthContext, id: string): Promise<Segment> {
  const special = specialType(Number(id));
  if (special) assertType(auth, special);
  return present(ctx, auth, special ?? (await savedSegment(ctx, auth, id)));
}

export async function createSegment(
  ctx: RequestContext,
  auth: AuthContext,
  body: SegmentSave,
): Promise<Segment> {
  assertType(auth, body.type);
  assertExpression(body.type, body.expression);
  return present(ctx, auth, await segmentsRepository.insert(ctx, body, auth.user.id));
}

const refuseSpecial = (id: string) => {
  if (specialType(Number(id))) throw forbidden(CRM_MESSAGES.specialSegment);
};

export async function updateSegment(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  body: SegmentSave,
): Promise<Segment> {
  refuseSpecial(id);
  assertType(auth, body.type);
  assertExpression(body.type, body.expression);
  await savedSegment(ctx, auth, id);
  await segmentsRepository.update(ctx, id, body);
  return present(ctx, auth, (await segmentsRepository.find(ctx, id)) as SegmentRecord);
}

/** PUT /segments/{id}/toogle-active: the app's delete (a second call restores the list). */
export async function toggleSegment(ctx: RequestContext, auth: AuthContext, id: string) {
  refuseSpecial(id);
  const segment = await savedSegment(ctx, auth, id, false);
  await segmentsRepository.setActive(ctx, id, !segment.active);
  return { code: Number(id), active: !segment.active };
}

/**
 * GET /people?segmentCode: the people of a list (special 1/2 or saved) by code, paged with the
 * exact total; without a code the caller's default list (contacts, or the team without ROLE_CRM).
 * validEmail/validSMS: only the people the channel can reach; itemsPerPage 0: the total alone.
 */
export async function listSegmentPeople(ctx: RequestContext, auth: AuthContext, query: PeopleListQuery) {
  const code =
    query.segmentCode ??
    (peopleVisibility(auth).contacts ? SPECIAL_SEGMENT_CODES.PERSON : SPECIAL_SEGMENT_CODES.TEAM);
  let type: 'PERSON' | 'TEAM';
  let expression: FilterExpression = [];
  if (code === SPECIAL_SEGMENT_CODES.PERSON) type = 'PERSON';
  else if (code === SPECIAL_SEGMENT_CODES.TEAM) type = 'TEAM';
  else {
    const segment = code > 3 ? await findActiveSegment(ctx, String(code)) : undefined;
    if (!segment) throw notFound(CRM_MESSAGES.segmentNotFound);
    if (segment.type === 'COMPANY')
      throw badRequest(CRM_MESSAGES.invalidParameters, {
        segmentCode: [CRM_MESSAGES.companySegmentForPeople],
      });
    type = segment.type;
    expression = segment.expression;
  }
  const reachable = [
    ...(query.validEmail ? (['EMAIL'] as const) : []),
    ...(query.validSMS ? (['SMS'] as const) : []),
  ];
  return searchPage(ctx, visibilityOfType(auth, type), type, expression, query, reachable);
}
