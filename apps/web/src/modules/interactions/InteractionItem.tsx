import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  INTERACTION_CHANNEL_LABELS,
  INTERACTION_DISPLAY_LABELS,
  INTERACTION_MESSAGES,
  type Interaction,
  type InteractionColor,
  interactionColor,
  interactionDisplayState,
} from '@mandato/domain';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { splitWallClock, wallClock } from '../../platform/ui/wallClock.ts';

/** The state tag in antd's light presets (dark text on a tint, AA contrast); grey is the default tag. */
const TAG_PRESETS: Record<InteractionColor, string | undefined> = {
  green: 'green',
  orange: 'orange',
  grey: undefined,
};

const brDate = (iso: string) => {
  const { date, hour } = splitWallClock(wallClock(iso));
  const [y, m, d] = date.split('-');
  return { day: `${d}/${m}/${y}`, hour };
};

/** When it happened: 'dd/mm/aaaa HH:mm – HH:mm'. */
export function interactionWhen(interaction: Interaction): string {
  const begin = brDate(interaction.beginDate);
  const end = brDate(interaction.endDate);
  return begin.day === end.day
    ? `${begin.day} ${begin.hour} – ${end.hour}`
    : `${begin.day} ${begin.hour} – ${end.day} ${end.hour}`;
}

/** One interaction of the timeline: state tag in its colour, channel, when, who, description. */
export function InteractionItem({
  interaction,
  now,
  editButton,
  onDone,
  onRemove,
}: {
  interaction: Interaction;
  now: Date;
  /** the edit button (the anchor of the edit popover) */
  editButton: ReactNode;
  onDone: () => void;
  onRemove: () => void;
}) {
  const state = interactionDisplayState(interaction, now);
  const color = TAG_PRESETS[interactionColor(interaction, now)];
  return (
    <div className="interaction-item" data-testid="interaction-item">
      <div className="interaction-item__head">
        <Space size={6} wrap>
          <Tag color={color}>{INTERACTION_DISPLAY_LABELS[state]}</Tag>
          <Typography.Text strong>{INTERACTION_CHANNEL_LABELS[interaction.source]}</Typography.Text>
          <Typography.Text type="secondary">{interactionWhen(interaction)}</Typography.Text>
        </Space>
        <Space size={0}>
          {interaction.status === 'IN_PROGRESS' && (
            <Tooltip title="Marcar como realizada">
              <Button
                type="text"
                size="small"
                icon={<CheckOutlined />}
                aria-label="Marcar como realizada"
                onClick={onDone}
              />
            </Tooltip>
          )}
          {editButton}
          <Popconfirm
            title={INTERACTION_MESSAGES.confirmRemove}
            okText="Sim"
            cancelText="Não"
            onConfirm={onRemove}
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label="Excluir atividade"
            />
          </Popconfirm>
        </Space>
      </div>
      <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
        {interaction.description}
      </Typography.Paragraph>
      {interaction.userResponsible && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Responsável: {interaction.userResponsible.name}
        </Typography.Text>
      )}
    </div>
  );
}
