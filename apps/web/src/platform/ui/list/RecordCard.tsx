import { Card, Checkbox } from 'antd';
import type { ReactNode } from 'react';
import './list.css';

/** One record of the mobile card list: selection, title, lines and actions. */
export function RecordCard({
  title,
  checked,
  onCheck,
  extra,
  actions,
  children,
}: {
  title: ReactNode;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  extra?: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card size="small" className="record-card" data-testid="record-card">
      <div className="record-card__head">
        <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label="Selecionar" />
        <div className="record-card__title">{title}</div>
        {extra}
      </div>
      <div className="record-card__body">{children}</div>
      <div className="record-card__actions">{actions}</div>
    </Card>
  );
}
