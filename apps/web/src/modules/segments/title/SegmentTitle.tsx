import { SaveOutlined } from '@ant-design/icons';
import type { FilterExpression, Segment } from '@mandato/domain';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { sameExpression } from '../filter-builder/builderState.ts';
import { SEGMENT_TEXTS } from '../texts.ts';
import { SaveSegmentModal } from './SaveSegmentModal.tsx';
import '../segments.css';

/**
 * The selected list's name, editable inline, with Salvar (spec 2 §2). Mount with a `key` per
 * segment so the draft name starts from the list's name.
 */
export function SegmentTitle({
  segment,
  expression,
  onSaved,
}: {
  segment: Segment;
  expression: FilterExpression;
  onSaved: (segment: Segment) => void;
}) {
  const [name, setName] = useState(segment.name);
  const [edited, setEdited] = useState(false);
  const [asking, setAsking] = useState(false);
  const dirty = name !== segment.name || !sameExpression(expression, segment.expression);
  const nameError = edited && !name.trim() ? SEGMENT_TEXTS.nameRequired : undefined;
  return (
    <div className="segment-title">
      <Space align="start" wrap>
        <div>
          <Input
            aria-label="Nome da lista de segmentação"
            className="segment-title__input"
            variant="borderless"
            maxLength={80}
            value={name}
            style={{ width: `${Math.max(name.length, 10) + 3}ch` }}
            status={nameError ? 'error' : undefined}
            onChange={(e) => {
              setEdited(true);
              setName(e.target.value);
            }}
          />
          {nameError && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
              {nameError}
            </Typography.Text>
          )}
        </div>
        <Button
          aria-label="Salvar lista"
          icon={<SaveOutlined />}
          disabled={!dirty || !!nameError}
          onClick={() => setAsking(true)}
        >
          Salvar
        </Button>
      </Space>
      {asking && (
        <SaveSegmentModal
          segment={segment}
          name={name}
          expression={expression}
          onClose={() => setAsking(false)}
          onSaved={(saved) => {
            setAsking(false);
            onSaved(saved);
          }}
        />
      )}
    </div>
  );
}
