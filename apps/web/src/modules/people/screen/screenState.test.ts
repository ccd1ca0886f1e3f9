import type { FilterExpression, Segment } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { initialScreen, screenReducer } from './screenState.ts';

const expr: FilterExpression = [{ units: [{ field: 'city', operator: '=', values: ['Recife'] }] }];
const teamList: Segment = {
  code: 9,
  name: 'Coordenadores',
  type: 'TEAM',
  expression: expr,
  total: 4,
  special: false,
};

describe('people screen state (spec 2 §4)', () => {
  it('starts on the special list of the default type', () => {
    const s = initialScreen('PERSON');
    expect(s.segment).toMatchObject({ code: 1, name: 'Pessoas', special: true });
    expect(s.page).toBe(1);
    expect(s.ordering).toEqual({ criteria: 'name', ascending: true });
  });
  it('a segment change sets type, expression and page 1, and reloads the builder', () => {
    let s = screenReducer(initialScreen('PERSON'), { kind: 'setPage', page: 3 });
    s = screenReducer(s, { kind: 'selectSegment', segment: teamList });
    expect(s).toMatchObject({ type: 'TEAM', expression: expr, page: 1, builderKey: 1 });
  });
  it('a change of sort or expression resets to page 1', () => {
    let s = screenReducer(initialScreen('PERSON'), { kind: 'setPage', page: 3 });
    s = screenReducer(s, { kind: 'setOrdering', ordering: { criteria: 'influence', ascending: false } });
    expect(s.page).toBe(1);
    s = screenReducer(s, { kind: 'setPage', page: 2 });
    s = screenReducer(s, { kind: 'setExpression', expression: expr });
    expect(s.page).toBe(1);
    expect(s.expression).toEqual(expr);
  });
  it('the same expression again changes nothing', () => {
    const s = screenReducer(initialScreen('PERSON'), { kind: 'setExpression', expression: [] });
    expect(s).toBe(s);
    expect(screenReducer(s, { kind: 'setExpression', expression: [] })).toBe(s);
  });
});
