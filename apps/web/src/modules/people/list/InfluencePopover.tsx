import { TeamOutlined } from '@ant-design/icons';
import type { Person } from '@mandato/domain';
import { Button, InputNumber, Popover, Space } from 'antd';
import { useState } from 'react';
import { crmApi } from '../api/crmApi.ts';
import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';
import { notifyError, notifySuccess } from '../notifySuccess.ts';
import { influenceAction } from './influenceAction.ts';

/** Influence (votes the person mobilises), edited in a popover (spec 2 §4 "Influence"). */
export function InfluencePopover({ person, onChanged }: { person: Person; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | null>(person.influence);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const next = value ?? 0;
    const action = influenceAction(person.influence, next);
    if (action === 'refuse') {
      notifyError(PEOPLE_TEXTS.influencePositive);
      return;
    }
    setSaving(true);
    try {
      if (action === 'mark') {
        await crmApi.people.markAsInfluence(person.code, next);
        notifySuccess(PEOPLE_TEXTS.influenceMarked);
      } else {
        await crmApi.people.removeInfluence(person.code);
        notifySuccess(PEOPLE_TEXTS.influenceRemoved);
      }
      setOpen(false);
      onChanged();
    } catch {
      // notice already shown by the api client
    } finally {
      setSaving(false);
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
          <Button type="primary" loading={saving} onClick={() => void save()}>
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
