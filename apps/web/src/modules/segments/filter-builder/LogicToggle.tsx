import { LOGIC_LABELS, type LogicOperator } from '@mandato/domain';
import { Segmented } from 'antd';

/** The e / ou switch between units or groups. */
export function LogicToggle({
  value,
  onChange,
  ariaLabel,
}: {
  value: LogicOperator;
  onChange: (v: LogicOperator) => void;
  ariaLabel: string;
}) {
  return (
    <Segmented
      aria-label={ariaLabel}
      size="small"
      value={value}
      options={(['AND', 'OR'] as const).map((v) => ({ value: v, label: LOGIC_LABELS[v] }))}
      onChange={(v) => onChange(v as LogicOperator)}
    />
  );
}
