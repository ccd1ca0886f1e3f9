import { Button, Popconfirm, Space } from 'antd';

interface DrawerFooterProps {
  /** The confirmation text of 'Remover'; without it there is no 'Remover' (new or read-only items). */
  removeConfirm?: string;
  onRemove: () => void;
  onCancel: () => void;
  onSave: () => void;
  busy: boolean;
  saveDisabled: boolean;
}

/** Footer of the agenda and event drawers: 'Remover' on the left, 'Cancelar' and 'Salvar' on the right. */
export function DrawerFooter({
  removeConfirm,
  onRemove,
  onCancel,
  onSave,
  busy,
  saveDisabled,
}: DrawerFooterProps) {
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <span>
        {removeConfirm && (
          <Popconfirm title={removeConfirm} okText="Sim" cancelText="Não" onConfirm={onRemove}>
            <Button danger disabled={busy}>
              Remover
            </Button>
          </Popconfirm>
        )}
      </span>
      <Space>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button type="primary" loading={busy} disabled={saveDisabled} onClick={onSave}>
          Salvar
        </Button>
      </Space>
    </Space>
  );
}
