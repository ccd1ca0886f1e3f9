import { DeleteOutlined } from '@ant-design/icons';
import {
  type CompareOperator,
  FILTER_FIELDS,
  fieldDef,
  OPERATOR_LABELS,
  operatorsFor,
  type SegmentType,
} from '@mandato/domain';
import { Button, Select, Space } from 'antd';
import type { BuilderAction, DraftUnit } from './builderState.ts';
import { ValueInput } from './ValueInput.tsx';

/** One unit: field, operator, value(s) and a remove button. */
export function FilterUnitRow({
  type,
  groupId,
  unit,
  dispatch,
}: {
  type: SegmentType;
  groupId: string;
  unit: DraftUnit;
  dispatch: (action: BuilderAction) => void;
}) {
  const def = unit.field ? fieldDef(type, unit.field) : undefined;
  return (
    <div className="filter-unit" data-testid="filter-unit">
      <Space wrap align="start">
        <Select
          aria-label="Campo"
          placeholder="Campo"
          style={{ width: 190 }}
          value={def ? unit.field : undefined}
          options={FILTER_FIELDS[type].map((f) => ({ value: f.field, label: f.label }))}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(field: string) => dispatch({ kind: 'setField', unitId: unit.id, field })}
        />
        {def && (
          <Select
            aria-label="Operador"
            placeholder="Operador"
            style={{ width: 160 }}
            value={unit.operator}
            options={operatorsFor(type, def.field).map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
            onChange={(operator: CompareOperator) =>
              dispatch({ kind: 'setOperator', unitId: unit.id, operator })
            }
          />
        )}
        {def && unit.operator && (
          <ValueInput
            key={`${def.field}:${unit.operator}`}
            def={def}
            operator={unit.operator}
            values={unit.values}
            onChange={(values) => dispatch({ kind: 'setValues', unitId: unit.id, values })}
          />
        )}
        <Button
          aria-label="Remover filtro"
          icon={<DeleteOutlined />}
          type="text"
          onClick={() => dispatch({ kind: 'removeUnit', groupId, unitId: unit.id })}
        />
      </Space>
    </div>
  );
}
