import { TeamOutlined } from '@ant-design/icons';
import type { Person } from '@mandato/domain';
import { Button, InputNumber, Popover, Space } from 'antd';
import { useState } from 'react';
import { notifyError } from '../../../platform/ui/notify.ts';
import { useSetInfluence } from '../hooks/usePeopleMutations.ts';
import { PEOPLE_TEXTS } from '../texts.ts';
import { influenceAction } from './influenceAction.ts';

/** Influence (votes the person mobilises), edited in a popover (spec 2 §4 "Influence"). */
export function InfluencePopover({ person }: { person: Person }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | null>(person.influence);
  const setInfluence = useSetInfluence();
  const save = async () => {
    const next = value ?? 0;
    const action = influenceAction(person.influence, next);
    if (action === 'refuse') {
      notifyError(PEOPLE_TEXTS.influencePositive);
      return;
    }
    try {
      // 'mark' sends the influence; 'remove' (zero over a positive one) removes the mark
      await setInfluence.mutateAsync({ code: person.code, influence: action === 'mark' ? next : 0 });
      setOpen(false);
    } catch {
      // notice already shown by the api client
    }
  };
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setValue(person.influence);
      }}
      title="Influência"
      content={
        <Space>
          <InputNumber
            aria-label="Influência"
            min={0}
            max={1_000_000}
            precision={0}
            value={value}
            onChange={setValue}
            onPressEnter={() => void save()}
          />
          <Button type="primary" loading={setInfluence.isPending} onClick={() => void save()}>
            Salvar
          </Button>
        </Space>
      }
    >
      <Button
        size="small"
        type={person.influence > 0 ? 'primary' : 'default'}
        ghost={person.influence > 0}
        icon={<TeamOutlined />}
        aria-label={`Influência: ${person.influence}`}
      >
        {person.influence}
      </Button>
    </Popover>
  );
}
