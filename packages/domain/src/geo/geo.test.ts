import { describe, expect, it } from 'vitest';
import { GEO_MESSAGES, geoPrecisionRank, RevalidateCoordinatesSchema } from './geo.schemas.ts';

describe('geocoding rules', () => {
  it('ranks precisions: a manual point, then street, CEP, neighbourhood, city; none below all', () => {
    const ranks = (['MANUAL', 'STREET', 'ZIP', 'NEIGHBORHOOD', 'CITY', null] as const).map(geoPrecisionRank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect(new Set(ranks).size).toBe(ranks.length);
    expect(geoPrecisionRank(undefined)).toBe(0);
  });

  it('reads the revalidation request as the people search does (expression and list type)', () => {
    expect(RevalidateCoordinatesSchema.parse({})).toEqual({ expression: [], type: 'PERSON' });
    const expression = [{ units: [{ field: 'vote', operator: '=', values: ['LOST'] }] }];
    expect(RevalidateCoordinatesSchema.parse({ expression, type: 'TEAM' }).type).toBe('TEAM');
    expect(RevalidateCoordinatesSchema.safeParse({ type: 'COMPANY' }).success).toBe(false);
    expect(RevalidateCoordinatesSchema.safeParse({ expression: [], outra: 1 }).success).toBe(false);
  });

  it('keeps the confirmation text of the spec as written', () => {
    expect(GEO_MESSAGES.revalidateConfirm).toBe(
      'Deseja continuar e rechecar o(s) ponto(s) em mais de um seviço de localização?',
    );
  });
});
