import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INTERACTION_COLORS,
  INTERACTION_MESSAGES,
  INTERACTION_STATUS_LABELS,
  INTERACTION_STATUSES,
  type Interaction,
  interactionColor,
} from '@mandato/domain';
import { Button, Empty, Skeleton, Timeline, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useInteractions, useMarkInteractionDone, useRemoveInteraction } from './hooks/useInteractions.ts';
import { InteractionEditor } from './InteractionEditor.tsx';
import { InteractionItem } from './InteractionItem.tsx';
import './interactions.css';

type Target = 'new' | number;

/** The 'Interações' tab of the person drawer: a timeline grouped by status (spec 2 §2). */
export function InteractionsPanel({ personCode }: { personCode: number }) {
  const list = useInteractions(personCode);
  const markDone = useMarkInteractionDone(personCode);
  const remove = useRemoveInteraction(personCode);
  const [editor, setEditor] = useState<{ target: Target; key: number } | null>(null);
  const now = new Date();

  const open = (target: Target) => setEditor({ target, key: Date.now() });
  const close = () => setEditor(null);
  const editorProps = (target: Target, interaction?: Interaction) => ({
    open: editor?.target === target,
    formKey: editor?.key ?? 0,
    personCode,
    interaction,
    onClose: close,
    onSaved: close,
    onRestart: () => open('new'),
  });

  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch {
      // the api client showed the error
    }
  };

  const items = list.data ?? [];
  return (
    <section aria-label="Interações" className="interactions-panel">
      <div className="interactions-panel__toolbar">
        <InteractionEditor {...editorProps('new')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            Nova atividade
          </Button>
        </InteractionEditor>
      </div>
      {list.isLoading ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={INTERACTION_MESSAGES.empty} />
      ) : (
        INTERACTION_STATUSES.map((status) => {
          const group = items.filter((i) => i.status === status);
          if (group.length === 0) return null;
          return (
            <div key={status} className="interactions-group" data-status={status}>
              <Typography.Title level={5} className="interactions-group__title">
                {INTERACTION_STATUS_LABELS[status]} ({group.length})
              </Typography.Title>
              <Timeline
                items={group.map((interaction) => ({
                  key: interaction.code,
                  color: INTERACTION_COLORS[interactionColor(interaction, now)],
                  content: (
                    <InteractionItem
                      interaction={interaction}
                      now={now}
                      onDone={() => void act(() => markDone.mutateAsync(interaction.code))}
                      onRemove={() => void act(() => remove.mutateAsync(interaction.code))}
                      editButton={
                        <InteractionEditor {...editorProps(interaction.code, interaction)}>
                          <Tooltip title="Editar atividade">
                            <Button
                              type="text"
                              size="small"
                              icon={<EditOutlined />}
                              aria-label="Editar atividade"
                              onClick={() => open(interaction.code)}
                            />
                          </Tooltip>
                        </InteractionEditor>
                      }
                    />
                  ),
                }))}
              />
            </div>
          );
        })
      )}
    </section>
  );
}
