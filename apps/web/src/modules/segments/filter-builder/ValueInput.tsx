import { BR_STATES, type CompareOperator, type FieldDef, type FilterValue } from '@mandato/domain';
import { DatePicker, Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { RemoteSelect } from '../../../platform/ui/autocomplete/RemoteSelect.tsx';
import { LOOKUPS } from '../../autocomplete/lookups.ts';
import { BirthDateValues } from './BirthDateValues.tsx';
import { enumLabel } from './enumLabels.ts';
import { useDebouncedText } from './useDebouncedValue.ts';

interface ValueInputProps {
  def: FieldDef;
  operator: CompareOperator;
  values: FilterValue[];
  onChange: (values: FilterValue[]) => void;
}

/** The value input of a unit, by field kind (spec 2 §5 "Value inputs"). */
export function ValueInput({ def, operator, values, onChange }: ValueInputProps) {
  const many = operator !== '=';
  switch (def.kind) {
    case 'string':
      return <TextValue value={typeof values[0] === 'string' ? values[0] : ''} onChange={onChange} />;
    case 'number':
      return <NumberValues between={operator === 'BETWEEN'} values={values} onChange={onChange} />;
    case 'date':
      return <DateValues between={operator === 'BETWEEN'} values={values} onChange={onChange} />;
    case 'birthDate':
      return <BirthDateValues operator={operator} values={values} onChange={onChange} />;
    case 'enum':
      return (
        <Select
          aria-label="Valor"
          mode={many ? 'multiple' : undefined}
          placeholder="Valor"
          style={{ minWidth: 180 }}
          value={many ? (values as string[]) : (values[0] as string | undefined)}
          options={(def.values ?? (def.field === 'state' ? BR_STATES : [])).map((v) => ({
            value: v,
            label: enumLabel(def.field, v),
          }))}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(v: string | string[] | undefined) =>
            onChange(v === undefined ? [] : Array.isArray(v) ? v : [v])
          }
        />
      );
    case 'autocomplete':
    case 'tags':
      return (
        <RemoteSelect
          ariaLabel="Valor"
          placeholder="Valor"
          lookup={LOOKUPS[def.kind === 'tags' ? 'tag' : (def.source ?? 'person')]}
          multiple={many}
          value={values.filter((v): v is number => typeof v === 'number')}
          onChange={(codes) => onChange(codes)}
        />
      );
  }
}

function TextValue({ value, onChange }: { value: string; onChange: (values: FilterValue[]) => void }) {
  const [text, setText] = useDebouncedText(value, (t) => onChange(t.trim() ? [t] : []));
  return (
    <Input
      aria-label="Valor"
      placeholder="Valor"
      maxLength={200}
      style={{ minWidth: 180, width: 'auto' }}
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

function NumberValues({
  between,
  values,
  onChange,
}: {
  between: boolean;
  values: FilterValue[];
  onChange: (values: FilterValue[]) => void;
}) {
  const [pair, setPair] = useState<(number | null)[]>([
    typeof values[0] === 'number' ? values[0] : null,
    typeof values[1] === 'number' ? values[1] : null,
  ]);
  const set = (i: number, v: number | null) => {
    const next = [...pair];
    next[i] = v;
    setPair(next);
    const wanted = between ? next : next.slice(0, 1);
    // a half-filled BETWEEN stays incomplete (one value), so the list is not reloaded yet
    onChange(wanted.filter((n): n is number => n !== null));
  };
  return (
    <Space>
      <InputNumber
        aria-label={between ? 'Valor inicial' : 'Valor'}
        value={pair[0]}
        onChange={(v) => set(0, v)}
      />
      {between && (
        <>
          <span>e</span>
          <InputNumber aria-label="Valor final" value={pair[1]} onChange={(v) => set(1, v)} />
        </>
      )}
    </Space>
  );
}

const toDay = (v: FilterValue | undefined) => (typeof v === 'string' && v ? dayjs(v.slice(0, 10)) : null);

function DateValues({
  between,
  values,
  onChange,
}: {
  between: boolean;
  values: FilterValue[];
  onChange: (values: FilterValue[]) => void;
}) {
  if (between) {
    return (
      <DatePicker.RangePicker
        aria-label="Período"
        format="DD/MM/YYYY"
        value={[toDay(values[0]), toDay(values[1])]}
        onChange={(range) =>
          onChange(
            range?.[0] && range[1] ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : [],
          )
        }
      />
    );
  }
  return (
    <DatePicker
      aria-label="Valor"
      format="DD/MM/YYYY"
      value={toDay(values[0])}
      onChange={(d) => onChange(d ? [d.format('YYYY-MM-DD')] : [])}
    />
  );
}
