import { type AccessContext, hasPermission, SEGMENT_TYPE_PATHS, type SegmentType } from '@mandato/domain';

/** Submenus of the sider, in the spec's order, by role: team needs TEAM; person and company CRM. */
export function visibleSegmentTypes(ctx: AccessContext): SegmentType[] {
  const types: SegmentType[] = [];
  if (hasPermission(ctx, ['ROLE_TEAM'])) types.push('TEAM');
  if (hasPermission(ctx, ['ROLE_CRM'])) types.push('PERSON', 'COMPANY');
  return types;
}

/** Default exhibition segment type: person with CRM, else team (spec 1 §4). */
export function defaultSegmentType(ctx: AccessContext): SegmentType | undefined {
  if (hasPermission(ctx, ['ROLE_CRM'])) return 'PERSON';
  if (hasPermission(ctx, ['ROLE_TEAM'])) return 'TEAM';
  return undefined;
}

/** The path segment of a person list type in the import/export routes ('pessoas' or 'equipe'). */
export function segmentTypeFromPath(path: string | undefined): 'PERSON' | 'TEAM' | undefined {
  const entry = Object.entries(SEGMENT_TYPE_PATHS).find(([, p]) => p === path);
  return entry ? (entry[0] as 'PERSON' | 'TEAM') : undefined;
}

/** People and team lists are searched as people; the company type lists voting places. */
export const isPersonType = (type: SegmentType): type is 'PERSON' | 'TEAM' => type !== 'COMPANY';
