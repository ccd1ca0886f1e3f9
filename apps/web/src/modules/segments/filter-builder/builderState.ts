import {
  type CompareOperator,
  type FilterExpression,
  type FilterGroup,
  type FilterUnit,
  type FilterValue,
  fieldDef,
  isUnitComplete,
  type LogicOperator,
  operatorsFor,
  type SegmentType,
} from '@mandato/domain';

/** A unit being edited: any part may still be missing. */
export interface DraftUnit {
  id: string;
  field?: string;
  operator?: CompareOperator;
  values: FilterValue[];
}

export type DraftGroupItem = DraftUnit | LogicOperator;

/** A group of units alternating with logic operators: [unit, op, unit, …]. */
export interface DraftGroup {
  id: string;
  items: DraftGroupItem[];
}

export type DraftItem = DraftGroup | LogicOperator;

/** The builder's state: groups alternating with logic operators, like the expression. */
export interface BuilderState {
  type: SegmentType;
  items: DraftItem[];
}

/** Operator placed before a new unit (spec 2 §4: "default OR"). */
export const DEFAULT_UNIT_LOGIC: LogicOperator = 'OR';
/** Operator placed before a new group (the spec is silent: groups narrow the list, so AND). */
export const DEFAULT_GROUP_LOGIC: LogicOperator = 'AND';

let nextId = 0;
const newId = (prefix: string) => `${prefix}${++nextId}`;

export const isLogic = (item: unknown): item is LogicOperator => item === 'AND' || item === 'OR';
export const isDraftUnit = (item: DraftGroupItem): item is DraftUnit => !isLogic(item);
export const isDraftGroup = (item: DraftItem): item is DraftGroup => !isLogic(item);

export const placeholderUnit = (): DraftUnit => ({ id: newId('u'), values: [] });
const placeholderGroup = (): DraftGroup => ({ id: newId('g'), items: [placeholderUnit()] });

export function emptyBuilder(type: SegmentType): BuilderState {
  return { type, items: [placeholderGroup()] };
}

/** Loads a saved expression into the builder (an empty one gives one placeholder). */
export function builderFromExpression(type: SegmentType, expression: FilterExpression): BuilderState {
  const items: DraftItem[] = [];
  for (const entry of expression) {
    if (isLogic(entry)) {
      if (items.length > 0 && !isLogic(items[items.length - 1])) items.push(entry);
      continue;
    }
    const group: DraftGroup = { id: newId('g'), items: [] };
    for (const unit of entry.units) {
      if (isLogic(unit)) {
        if (group.items.length > 0 && !isLogic(group.items[group.items.length - 1])) group.items.push(unit);
      } else {
        group.items.push({
          id: newId('u'),
          field: unit.field,
          operator: unit.operator,
          values: [...unit.values],
        });
      }
    }
    dropTrailingLogic(group.items);
    if (group.items.length > 0) items.push(group);
  }
  dropTrailingLogic(items);
  return items.length ? { type, items } : emptyBuilder(type);
}

function dropTrailingLogic<T>(items: T[]): void {
  while (items.length > 0 && isLogic(items[items.length - 1])) items.pop();
  while (items.length > 0 && isLogic(items[0])) items.shift();
}

function mapGroup(state: BuilderState, groupId: string, fn: (g: DraftGroup) => DraftGroup): BuilderState {
  return {
    ...state,
    items: state.items.map((item) => (isDraftGroup(item) && item.id === groupId ? fn(item) : item)),
  };
}

function mapUnit(state: BuilderState, unitId: string, fn: (u: DraftUnit) => DraftUnit): BuilderState {
  return {
    ...state,
    items: state.items.map((item) =>
      isDraftGroup(item)
        ? { ...item, items: item.items.map((u) => (isDraftUnit(u) && u.id === unitId ? fn(u) : u)) }
        : item,
    ),
  };
}

/** Removes `index` together with its neighbouring operator (the one before it, else the one after). */
function removeWithNeighbour<T>(items: T[], index: number): T[] {
  const next = [...items];
  if (index > 0) next.splice(index - 1, 2);
  else next.splice(index, 2);
  return next;
}

export type BuilderAction =
  | { kind: 'addUnit'; groupId: string }
  | { kind: 'removeUnit'; groupId: string; unitId: string }
  | { kind: 'addGroup' }
  | { kind: 'setUnitLogic'; groupId: string; index: number; logic: LogicOperator }
  | { kind: 'setGroupLogic'; index: number; logic: LogicOperator }
  | { kind: 'setField'; unitId: string; field: string }
  | { kind: 'setOperator'; unitId: string; operator: CompareOperator }
  | { kind: 'setValues'; unitId: string; values: FilterValue[] }
  | { kind: 'clear' }
  | { kind: 'load'; type: SegmentType; expression: FilterExpression };

/** The builder's rules (spec 2 §4 "Segment and expression editing"). */
export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  switch (action.kind) {
    case 'addUnit':
      // adding a unit appends an operator (default OR) and a placeholder
      return mapGroup(state, action.groupId, (g) => ({
        ...g,
        items: [...g.items, DEFAULT_UNIT_LOGIC, placeholderUnit()],
      }));
    case 'removeUnit': {
      const groupIndex = state.items.findIndex((i) => isDraftGroup(i) && i.id === action.groupId);
      const group = state.items[groupIndex];
      if (!group || !isDraftGroup(group)) return state;
      const unitIndex = group.items.findIndex((u) => isDraftUnit(u) && u.id === action.unitId);
      if (unitIndex < 0) return state;
      const units = removeWithNeighbour(group.items, unitIndex);
      if (units.length > 0) return mapGroup(state, action.groupId, (g) => ({ ...g, items: units }));
      // the group emptied: it goes too, with its neighbouring operator; an empty list gets a placeholder
      const items = removeWithNeighbour(state.items, groupIndex);
      return items.length ? { ...state, items } : emptyBuilder(state.type);
    }
    case 'addGroup':
      return { ...state, items: [...state.items, DEFAULT_GROUP_LOGIC, placeholderGroup()] };
    case 'setUnitLogic':
      return mapGroup(state, action.groupId, (g) => ({
        ...g,
        items: g.items.map((item, i) => (i === action.index && isLogic(item) ? action.logic : item)),
      }));
    case 'setGroupLogic':
      return {
        ...state,
        items: state.items.map((item, i) => (i === action.index && isLogic(item) ? action.logic : item)),
      };
    case 'setField':
      // changing the field clears the value; the operator stays when the new field allows it
      return mapUnit(state, action.unitId, (u) => {
        const allowed = operatorsFor(state.type, action.field);
        const operator = u.operator && allowed.includes(u.operator) ? u.operator : allowed[0];
        return { ...u, field: action.field, operator, values: [] };
      });
    case 'setOperator':
      // changing the operator clears the value
      return mapUnit(state, action.unitId, (u) => ({ ...u, operator: action.operator, values: [] }));
    case 'setValues':
      return mapUnit(state, action.unitId, (u) => ({ ...u, values: action.values }));
    case 'clear':
      return emptyBuilder(state.type);
    case 'load':
      return builderFromExpression(action.type, action.expression);
  }
}

const draftUnits = (state: BuilderState): DraftUnit[] =>
  state.items.flatMap((item) => (isDraftGroup(item) ? item.items.filter(isDraftUnit) : []));

export const isBlankUnit = (unit: DraftUnit): boolean => !unit.field && unit.values.length === 0;

export function isDraftUnitComplete(type: SegmentType, unit: DraftUnit): boolean {
  return isUnitComplete(type, { field: unit.field, operator: unit.operator, values: unit.values });
}

/**
 * The expression to save: only fully set units are kept, groups left empty go, and operators
 * left dangling (e.g. the last trailing one) are dropped.
 */
export function toExpression(state: BuilderState): FilterExpression {
  const out: (FilterGroup | LogicOperator)[] = [];
  let pendingGroupLogic: LogicOperator | undefined;
  for (const item of state.items) {
    if (isLogic(item)) {
      if (out.length > 0) pendingGroupLogic = pendingGroupLogic ?? item;
      continue;
    }
    const units: (FilterUnit | LogicOperator)[] = [];
    let pendingUnitLogic: LogicOperator | undefined;
    for (const entry of item.items) {
      if (isLogic(entry)) {
        if (units.length > 0) pendingUnitLogic = pendingUnitLogic ?? entry;
        continue;
      }
      if (!isDraftUnitComplete(state.type, entry)) continue;
      if (units.length > 0) units.push(pendingUnitLogic ?? DEFAULT_UNIT_LOGIC);
      units.push({
        field: entry.field as string,
        operator: entry.operator as CompareOperator,
        values: entry.values,
      });
      pendingUnitLogic = undefined;
    }
    if (units.length === 0) continue;
    if (out.length > 0) out.push(pendingGroupLogic ?? DEFAULT_GROUP_LOGIC);
    out.push({ units });
    pendingGroupLogic = undefined;
  }
  return out;
}

/**
 * What the builder hands to the list (spec 2 §4): the expression when every unit is fully set,
 * [] when everything was cleared, or undefined while some unit is half set.
 */
export function emittedExpression(state: BuilderState): FilterExpression | undefined {
  const units = draftUnits(state);
  if (units.every(isBlankUnit)) return [];
  if (units.every((u) => isDraftUnitComplete(state.type, u))) return toExpression(state);
  return undefined;
}

/** True when the unit's field exists for the type (an unknown one is shown as unset). */
export const knownField = (type: SegmentType, field: string | undefined): boolean =>
  !!field && !!fieldDef(type, field);

/** Same expression? (the list reloads only on a real change) */
export const sameExpression = (a: FilterExpression, b: FilterExpression): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
