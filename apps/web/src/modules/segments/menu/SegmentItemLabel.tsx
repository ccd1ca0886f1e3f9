import { DeleteOutlined } from '@ant-design/icons';
import type { Segment } from '@mandato/domain';
import { Button, Popconfirm } from 'antd';
import { SEGMENT_TEXTS } from '../texts.ts';

/** A saved list in the sider: its name, and a delete button unless it is the special list. */
export function SegmentItemLabel({ segment, onDelete }: { segment: Segment; onDelete: () => Promise<void> }) {
  return (
    <span className="segment-item">
      <span className="segment-item__name" title={segment.name}>
        {segment.name}
      </span>
      {!segment.special && (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only stops the menu from selecting
        <span onClick={(e) => e.stopPropagation()}>
          <Popconfirm
            title={SEGMENT_TEXTS.confirmRemove}
            okText="Sim"
            cancelText="Não"
            onConfirm={() => onDelete()}
          >
            <Button
              size="small"
              type="text"
              danger
              aria-label={`Remover lista ${segment.name}`}
              icon={<DeleteOutlined />}
            />
          </Popconfirm>
        </span>
      )}
    </span>
  );
}
