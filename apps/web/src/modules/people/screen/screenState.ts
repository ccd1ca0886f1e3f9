import {
  type FilterExpression,
  SEGMENT_TYPE_LABELS,
  type Segment,
  type SegmentType,
  SPECIAL_SEGMENT_CODES,
} from '@mandato/domain';
import { DEFAULT_ORDERING, type Ordering } from '../../../platform/ui/list/ordering.ts';
import { sameExpression } from '../../segments/filter-builder/builderState.ts';

export type ViewMode = 'list' | 'map';

/** State of the people list screen (spec 2 §4 "Segment and expression editing", "List refresh"). */
export interface ScreenState {
  type: SegmentType;
  /** The selected saved list (the type's special list until another is picked). */
  segment: Segment;
  /** The applied expression (what the list is searched with). */
  expression: FilterExpression;
  ordering: Ordering;
  page: number;
  view: ViewMode;
  selected: number[];
  /** Changes when a segment is loaded, so the filter builder starts from its expression. */
  builderKey: number;
}

/** The special list of a type, before the server's copy arrives. */
export function specialSegment(type: SegmentType): Segment {
  return {
    code: SPECIAL_SEGMENT_CODES[type],
    name: SEGMENT_TYPE_LABELS[type],
    type,
    expression: [],
    total: 0,
    special: true,
  };
}

export function initialScreen(type: SegmentType): ScreenState {
  return {
    type,
    segment: specialSegment(type),
    expression: [],
    ordering: DEFAULT_ORDERING,
    page: 1,
    view: 'list',
    selected: [],
    builderKey: 0,
  };
}

export type ScreenAction =
  | { kind: 'selectSegment'; segment: Segment }
  /** the server's copy of the selected segment (name, total) without touching the filter */
  | { kind: 'segmentRefreshed'; segment: Segment }
  | { kind: 'setExpression'; expression: FilterExpression }
  | { kind: 'setOrdering'; ordering: Ordering }
  | { kind: 'setPage'; page: number }
  | { kind: 'setView'; view: ViewMode }
  | { kind: 'setSelected'; selected: number[] };

export function screenReducer(state: ScreenState, action: ScreenAction): ScreenState {
  switch (action.kind) {
    case 'selectSegment':
      // a segment change sets the type, the expression and the total; back to page 1
      return {
        ...state,
        type: action.segment.type,
        segment: action.segment,
        expression: action.segment.expression,
        ordering: action.segment.type === state.type ? state.ordering : DEFAULT_ORDERING,
        page: 1,
        selected: [],
        builderKey: state.builderKey + 1,
      };
    case 'segmentRefreshed':
      return action.segment.code === state.segment.code ? { ...state, segment: action.segment } : state;
    case 'setExpression':
      // a change of expression resets to page 1
      if (sameExpression(action.expression, state.expression)) return state;
      return { ...state, expression: action.expression, page: 1, selected: [] };
    case 'setOrdering':
      // a change of sort resets to page 1
      return { ...state, ordering: action.ordering, page: 1 };
    case 'setPage':
      return { ...state, page: action.page, selected: [] };
    case 'setView':
      return { ...state, view: action.view };
    case 'setSelected':
      return { ...state, selected: action.selected };
  }
}
