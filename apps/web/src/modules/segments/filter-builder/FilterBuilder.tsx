import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import type { FilterExpression, SegmentType } from '@mandato/domain';
import { Button, Space } from 'antd';
import { useEffect, useReducer, useRef } from 'react';
import {
  builderFromExpression,
  builderReducer,
  emittedExpression,
  isLogic,
  sameExpression,
} from './builderState.ts';
import { FilterGroupCard } from './FilterGroupCard.tsx';
import { LogicToggle } from './LogicToggle.tsx';
import './filterBuilder.css';

/** A stable key for an operator: the id of the item after it. */
const idAfter = (items: readonly unknown[], index: number): string => {
  const next = items[index + 1];
  return next && typeof next === 'object' && 'id' in next ? String(next.id) : `end-${index}`;
};

/**
 * The expression filter (spec 2 §4, §5). Hands the expression to the screen only when it is
 * fully set or was cleared; mount it with a new `key` to load another segment's expression.
 */
export function FilterBuilder({
  type,
  expression,
  onChange,
}: {
  type: SegmentType;
  expression: FilterExpression;
  onChange: (expression: FilterExpression) => void;
}) {
  const [state, dispatch] = useReducer(builderReducer, undefined, () =>
    builderFromExpression(type, expression),
  );
  const last = useRef(expression);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const emitted = emittedExpression(state);
    if (emitted && !sameExpression(emitted, last.current)) {
      last.current = emitted;
      onChangeRef.current(emitted);
    }
  }, [state]);

  return (
    <fieldset className="filter-builder" aria-label="Filtros">
      {state.items.map((item, index) =>
        isLogic(item) ? (
          <div className="filter-builder__logic" key={`logic-before-${idAfter(state.items, index)}`}>
            <LogicToggle
              ariaLabel="Operador lógico entre grupos"
              value={item}
              onChange={(logic) => dispatch({ kind: 'setGroupLogic', index, logic })}
            />
          </div>
        ) : (
          <FilterGroupCard key={item.id} type={type} group={item} dispatch={dispatch} />
        ),
      )}
      <Space className="filter-builder__actions">
        <Button size="small" icon={<PlusOutlined />} onClick={() => dispatch({ kind: 'addGroup' })}>
          Adicionar grupo
        </Button>
        <Button size="small" icon={<ClearOutlined />} onClick={() => dispatch({ kind: 'clear' })}>
          Limpar filtros
        </Button>
      </Space>
    </fieldset>
  );
}
