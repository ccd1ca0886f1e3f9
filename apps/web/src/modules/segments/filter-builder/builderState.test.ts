import type { FilterExpression } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import {
  type BuilderState,
  builderFromExpression,
  builderReducer,
  type DraftGroup,
  type DraftUnit,
  emittedExpression,
  emptyBuilder,
  isDraftGroup,
  isDraftUnit,
  toExpression,
} from './builderState.ts';

const groups = (s: BuilderState) => s.items.filter(isDraftGroup);
const group = (s: BuilderState, i = 0) => groups(s)[i] as DraftGroup;
const units = (g: DraftGroup) => g.items.filter(isDraftUnit);
const unit = (s: BuilderState, gi = 0, ui = 0) => units(group(s, gi))[ui] as DraftUnit;
const shape = (s: BuilderState) =>
  s.items.map((i) => (isDraftGroup(i) ? i.items.map((u) => (isDraftUnit(u) ? 'U' : u)) : i));

function withCity(state: BuilderState, gi = 0, ui = 0, city = 'Recife'): BuilderState {
  const id = unit(state, gi, ui).id;
  let s = builderReducer(state, { kind: 'setField', unitId: id, field: 'city' });
  s = builderReducer(s, { kind: 'setOperator', unitId: id, operator: '=' });
  return builderReducer(s, { kind: 'setValues', unitId: id, values: [city] });
}

describe('filter builder state (spec 2 §4, §5)', () => {
  it('starts with one group holding a placeholder', () => {
    expect(shape(emptyBuilder('PERSON'))).toEqual([['U']]);
  });

  it('adding a unit appends OR and a placeholder', () => {
    const base = emptyBuilder('PERSON');
    const added = builderReducer(base, { kind: 'addUnit', groupId: group(base).id });
    expect(shape(added)).toEqual([['U', 'OR', 'U']]);
    expect(unit(added, 0, 1).field).toBeUndefined();
  });

  it('adding a group appends AND and a group with a placeholder', () => {
    const s = builderReducer(emptyBuilder('PERSON'), { kind: 'addGroup' });
    expect(shape(s)).toEqual([['U'], 'AND', ['U']]);
  });

  it('removing a unit removes its neighbouring operator', () => {
    let s = emptyBuilder('PERSON');
    s = builderReducer(s, { kind: 'addUnit', groupId: group(s).id });
    s = builderReducer(s, { kind: 'addUnit', groupId: group(s).id });
    s = builderReducer(s, { kind: 'setUnitLogic', groupId: group(s).id, index: 3, logic: 'AND' });
    const [first, , third] = units(group(s));
    const middle = units(group(s))[1] as DraftUnit;
    const removedMiddle = builderReducer(s, { kind: 'removeUnit', groupId: group(s).id, unitId: middle.id });
    expect(shape(removedMiddle)).toEqual([['U', 'AND', 'U']]);
    const removedFirst = builderReducer(s, {
      kind: 'removeUnit',
      groupId: group(s).id,
      unitId: (first as DraftUnit).id,
    });
    expect(shape(removedFirst)).toEqual([['U', 'AND', 'U']]);
    expect(units(group(removedFirst))[1]?.id).toBe((third as DraftUnit).id);
  });

  it('removing the last unit of the only group restores a placeholder', () => {
    const s = withCity(emptyBuilder('PERSON'));
    const cleared = builderReducer(s, { kind: 'removeUnit', groupId: group(s).id, unitId: unit(s).id });
    expect(shape(cleared)).toEqual([['U']]);
    expect(unit(cleared).field).toBeUndefined();
  });

  it('removing the last unit of a group removes the group and its operator', () => {
    let s = builderReducer(emptyBuilder('PERSON'), { kind: 'addGroup' });
    s = builderReducer(s, { kind: 'removeUnit', groupId: group(s, 1).id, unitId: unit(s, 1).id });
    expect(shape(s)).toEqual([['U']]);
  });

  it('changing the field or the operator clears the value', () => {
    let s = withCity(emptyBuilder('PERSON'));
    expect(unit(s).values).toEqual(['Recife']);
    s = builderReducer(s, { kind: 'setOperator', unitId: unit(s).id, operator: 'CONTAINS' });
    expect(unit(s).values).toEqual([]);
    s = builderReducer(s, { kind: 'setValues', unitId: unit(s).id, values: ['Rec'] });
    s = builderReducer(s, { kind: 'setField', unitId: unit(s).id, field: 'name' });
    expect(unit(s).values).toEqual([]);
    expect(unit(s).operator).toBe('CONTAINS');
    s = builderReducer(s, { kind: 'setField', unitId: unit(s).id, field: 'vote' });
    expect(unit(s).operator).toBe('=');
  });

  it('emits the expression only when fully set or cleared', () => {
    let s = emptyBuilder('PERSON');
    expect(emittedExpression(s)).toEqual([]);
    s = builderReducer(s, { kind: 'setField', unitId: unit(s).id, field: 'city' });
    expect(emittedExpression(s)).toBeUndefined();
    s = withCity(s);
    expect(emittedExpression(s)).toEqual([{ units: [{ field: 'city', operator: '=', values: ['Recife'] }] }]);
    s = builderReducer(s, { kind: 'addUnit', groupId: group(s).id });
    expect(emittedExpression(s)).toBeUndefined();
    s = builderReducer(s, { kind: 'clear' });
    expect(emittedExpression(s)).toEqual([]);
  });

  it('keeps only fully set units and drops dangling operators when saving', () => {
    let s = withCity(emptyBuilder('PERSON'));
    s = builderReducer(s, { kind: 'addUnit', groupId: group(s).id });
    s = builderReducer(s, { kind: 'addGroup' });
    s = builderReducer(s, { kind: 'setField', unitId: unit(s, 1).id, field: 'influence' });
    expect(toExpression(s)).toEqual([{ units: [{ field: 'city', operator: '=', values: ['Recife'] }] }]);
  });

  it('builds two groups with e/ou between them', () => {
    let s = withCity(emptyBuilder('PERSON'));
    s = builderReducer(s, { kind: 'addUnit', groupId: group(s).id });
    s = withCity(s, 0, 1, 'Olinda');
    s = builderReducer(s, { kind: 'addGroup' });
    const id = unit(s, 1).id;
    s = builderReducer(s, { kind: 'setField', unitId: id, field: 'vote' });
    s = builderReducer(s, { kind: 'setValues', unitId: id, values: ['CONQUERED'] });
    s = builderReducer(s, { kind: 'setGroupLogic', index: 1, logic: 'OR' });
    const expected: FilterExpression = [
      {
        units: [
          { field: 'city', operator: '=', values: ['Recife'] },
          'OR',
          { field: 'city', operator: '=', values: ['Olinda'] },
        ],
      },
      'OR',
      { units: [{ field: 'vote', operator: '=', values: ['CONQUERED'] }] },
    ];
    expect(emittedExpression(s)).toEqual(expected);
    expect(toExpression(builderFromExpression('PERSON', expected))).toEqual(expected);
  });

  it('checks values by field kind: BETWEEN needs two numbers, IN one or more', () => {
    let s = emptyBuilder('PERSON');
    const id = unit(s).id;
    s = builderReducer(s, { kind: 'setField', unitId: id, field: 'influence' });
    s = builderReducer(s, { kind: 'setOperator', unitId: id, operator: 'BETWEEN' });
    s = builderReducer(s, { kind: 'setValues', unitId: id, values: [1] });
    expect(emittedExpression(s)).toBeUndefined();
    s = builderReducer(s, { kind: 'setValues', unitId: id, values: [1, 10] });
    expect(emittedExpression(s)).toHaveLength(1);
    s = builderReducer(s, { kind: 'setField', unitId: id, field: 'tags' });
    s = builderReducer(s, { kind: 'setOperator', unitId: id, operator: 'IN_ALL' });
    s = builderReducer(s, { kind: 'setValues', unitId: id, values: [3, 4] });
    expect(emittedExpression(s)).toHaveLength(1);
  });

  it('birth date BETWEEN needs the same parts on both sides', () => {
    let s = emptyBuilder('PERSON');
    const id = unit(s).id;
    s = builderReducer(s, { kind: 'setField', unitId: id, field: 'birthDate' });
    s = builderReducer(s, { kind: 'setOperator', unitId: id, operator: 'BETWEEN' });
    s = builderReducer(s, { kind: 'setValues', unitId: id, values: [{ day: 1, month: 2 }, { month: 3 }] });
    expect(emittedExpression(s)).toBeUndefined();
    s = builderReducer(s, {
      kind: 'setValues',
      unitId: id,
      values: [
        { day: 1, month: 2 },
        { day: 10, month: 3 },
      ],
    });
    expect(emittedExpression(s)).toHaveLength(1);
  });
});
