import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { RECORD_TEXTS } from '../recordTexts.ts';

/** Edit, delete (with confirmation) and — on team rows — the permissions key. */
export function RowActions({
  onEdit,
  onDelete,
  onPermissions,
}: {
  onEdit: () => void;
  onDelete: () => Promise<void>;
  onPermissions?: () => void;
}) {
  return (
    <Space size={2}>
      <Tooltip title="Editar">
        <Button type="text" aria-label="Editar" icon={<EditOutlined />} onClick={onEdit} />
      </Tooltip>
      {onPermissions && (
        <Tooltip title="Acesso e Permissões">
          <Button
            type="text"
            aria-label="Acesso e Permissões"
            icon={<KeyOutlined />}
            onClick={onPermissions}
          />
        </Tooltip>
      )}
      <Popconfirm
        title={RECORD_TEXTS.confirmRemoveOne}
        okText="Sim"
        cancelText="Não"
        onConfirm={() => onDelete()}
      >
        <Button type="text" danger aria-label="Remover" icon={<DeleteOutlined />} />
      </Popconfirm>
    </Space>
  );
}
