import { type BirthDateParts, birthDateError, type FilterValue } from '@mandato/domain';
import { Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { daysInMonth, hasAnyPart, MONTH_NAMES, parseYear, setPart } from './birthDateParts.ts';

export const SELECT_DATE_MESSAGE = 'Selecione uma data';

const asParts = (v: FilterValue | undefined): BirthDateParts =>
  typeof v === 'object' && v !== null ? v : {};

/** One birth date as day / month / year parts (any of them may be left out). */
export function BirthDatePartsInput({
  value,
  onChange,
  label,
}: {
  value: FilterValue | undefined;
  onChange: (parts: BirthDateParts) => void;
  label: string;
}) {
  const parts = asParts(value);
  const [yearText, setYearText] = useState(parts.year ? String(parts.year) : '');
  const [touched, setTouched] = useState(false);
  const days = daysInMonth(parts.month, parts.year);
  const change = (key: keyof BirthDateParts, v?: number) => {
    setTouched(true);
    onChange(setPart(parts, key, v));
  };
  const error = hasAnyPart(parts) ? birthDateError(parts) : touched ? SELECT_DATE_MESSAGE : undefined;
  return (
    <div>
      <Space.Compact>
        <Select
          aria-label={`${label}: dia`}
          placeholder="Dia"
          allowClear
          value={parts.day}
          style={{ width: 80 }}
          options={Array.from({ length: days }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
          onChange={(v?: number) => change('day', v)}
        />
        <Select
          aria-label={`${label}: mês`}
          placeholder="Mês"
          allowClear
          value={parts.month}
          style={{ width: 130 }}
          options={MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name }))}
          onChange={(v?: number) => change('month', v)}
        />
        <Input
          aria-label={`${label}: ano`}
          placeholder="Ano"
          inputMode="numeric"
          maxLength={4}
          value={yearText}
          style={{ width: 80 }}
          onChange={(e) => {
            const text = e.target.value.replace(/\D/g, '').slice(0, 4);
            setYearText(text);
            if (text.length === 4 || text.length === 0) change('year', parseYear(text));
          }}
        />
      </Space.Compact>
      {error && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
