import { describe, expect, it } from 'vitest';
import {
  addMonths,
  databaseStatusOf,
  EntriesPerPeriodQuerySchema,
  GodfathersQuerySchema,
  InteractionReportQuerySchema,
  monthsBetween,
  reachedPercentage,
} from './reports.schemas.ts';

describe('reports schemas', () => {
  it('counts and steps months across years', () => {
    expect(monthsBetween('2025-11-30', '2026-02-01')).toBe(4);
    expect(addMonths('2025-11-30', 2)).toBe('2026-01-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('computes the database status shares, 0 for an empty base', () => {
    expect(databaseStatusOf({ conquered: 1, toconquer: 2, lost: 0 })).toEqual({
      total: 3,
      conquered: 1,
      toconquer: 2,
      lost: 0,
      conqueredPercentage: 33.33,
      toConquerPercentage: 66.67,
      lostPercentage: 0,
    });
    expect(databaseStatusOf({ conquered: 0, toconquer: 0, lost: 0 }).lostPercentage).toBe(0);
    expect(reachedPercentage({ influence: 0, totalAffiliates: 3 })).toBeNull();
    expect(reachedPercentage({ influence: 4, totalAffiliates: 3 })).toBe(75);
  });

  it('refuses bad periods and unknown keys', () => {
    expect(
      EntriesPerPeriodQuerySchema.safeParse({ beginDate: '2025-01-01', endDate: '2025-06-30' }).success,
    ).toBe(true);
    expect(
      EntriesPerPeriodQuerySchema.safeParse({ beginDate: '2025-02-30', endDate: '2025-06-30' }).success,
    ).toBe(false);
    expect(
      EntriesPerPeriodQuerySchema.safeParse({ beginDate: '2016-01-01', endDate: '2025-12-31' }).success,
    ).toBe(true);
    expect(
      EntriesPerPeriodQuerySchema.safeParse({ beginDate: '2015-12-01', endDate: '2025-12-31' }).success,
    ).toBe(false);
    expect(GodfathersQuerySchema.parse({})).toEqual({
      page: 1,
      itemsPerPage: 10,
      orderingCriteria: 'totalAffiliates',
      orderingAscending: false,
    });
    expect(GodfathersQuerySchema.safeParse({ sort: 'x' }).success).toBe(false);
    const late = InteractionReportQuerySchema.parse({
      beginDate: '2025-03-01',
      endDate: '2025-03-31',
      status: 'CONCLUDED',
      considerOnlyLateInteractions: 'true',
      personTagCodes: '3,4',
    });
    expect(late).toMatchObject({
      onlyLate: true,
      status: undefined,
      personTagCodes: [3, 4],
      beginDay: '2025-03-01',
    });
    expect(InteractionReportQuerySchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
