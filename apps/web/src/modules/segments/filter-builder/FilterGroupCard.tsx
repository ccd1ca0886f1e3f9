import { PlusOutlined } from '@ant-design/icons';
import type { SegmentType } from '@mandato/domain';
import { Button } from 'antd';
import { type BuilderAction, type DraftGroup, isLogic } from './builderState.ts';
import { FilterUnitRow } from './FilterUnitRow.tsx';
import { LogicToggle } from './LogicToggle.tsx';

const idAfter = (items: DraftGroup['items'], index: number): string => {
  const next = items[index + 1];
  return next && typeof next === 'object' ? next.id : `end-${index}`;
};

/** A group of units alternating with e/ou, and "Adicionar filtro". */
export function FilterGroupCard({
  type,
  group,
  dispatch,
}: {
  type: SegmentType;
  group: DraftGroup;
  dispatch: (action: BuilderAction) => void;
}) {
  return (
    <div className="filter-group" data-testid="filter-group">
      {group.items.map((item, index) =>
        isLogic(item) ? (
          <div className="filter-group__logic" key={`logic-before-${idAfter(group.items, index)}`}>
            <LogicToggle
              ariaLabel="Operador lógico entre filtros"
              value={item}
              onChange={(logic) => dispatch({ kind: 'setUnitLogic', groupId: group.id, index, logic })}
            />
          </div>
        ) : (
          <FilterUnitRow key={item.id} type={type} groupId={group.id} unit={item} dispatch={dispatch} />
        ),
      )}
      <Button
        size="small"
        type="link"
        icon={<PlusOutlined />}
        onClick={() => dispatch({ kind: 'addUnit', groupId: group.id })}
      >
        Adicionar filtro
      </Button>
    </div>
  );
}
