import type { CompareOperator, FilterValue } from '@mandato/domain';
import { Button, Space } from 'antd';
import { BirthDatePartsInput } from './BirthDateValue.tsx';
import { QUICK_DATE_BUTTONS } from './quickDates.ts';

/** Birth date: parts or a quick value for '=', two parts sets for BETWEEN. */
export function BirthDateValues({
  operator,
  values,
  onChange,
}: {
  operator: CompareOperator;
  values: FilterValue[];
  onChange: (values: FilterValue[]) => void;
}) {
  if (operator === 'BETWEEN') {
    const set = (i: 0 | 1, v: FilterValue) => {
      const next = [values[0] ?? {}, values[1] ?? {}];
      next[i] = v;
      onChange(next);
    };
    return (
      <Space wrap align="start">
        <BirthDatePartsInput label="De" value={values[0]} onChange={(p) => set(0, p)} />
        <span style={{ lineHeight: '32px' }}>e</span>
        <BirthDatePartsInput label="Até" value={values[1]} onChange={(p) => set(1, p)} />
      </Space>
    );
  }
  const quick = typeof values[0] === 'string' ? values[0] : undefined;
  return (
    <Space wrap align="start">
      {QUICK_DATE_BUTTONS.map((b) => (
        <Button
          key={b.value}
          size="small"
          type={quick === b.value ? 'primary' : 'default'}
          style={{ marginTop: 4 }}
          onClick={() => onChange(quick === b.value ? [] : [b.value])}
        >
          {b.label}
        </Button>
      ))}
      <BirthDatePartsInput
        key={quick ?? 'parts'}
        label="Data"
        value={quick ? undefined : values[0]}
        onChange={(p) => onChange(Object.keys(p).length ? [p] : [])}
      />
    </Space>
  );
}
