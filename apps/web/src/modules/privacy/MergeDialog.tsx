import { MERGE_FIELD_LABELS, PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { Alert, Button, Form, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { personName, shownDate } from './DuplicateGroupCard.tsx';
import { useMergePeople } from './hooks/useDuplicates.ts';
import {
  defaultFields,
  defaultSurvivor,
  fieldDiffers,
  type MergeChoice,
  mergeRequestOf,
  recordDetails,
  SHOWN_FIELDS,
  shownValue,
} from './mergeChoice.ts';
import type { DuplicateGroup, ShownMergeField } from './privacyTypes.ts';

export interface MergeDialogProps {
  group: DuplicateGroup;
  onClose: () => void;
  /** after the merge, with its code (for 'Desfazer') and the survivor's name */
  onMerged: (mergeCode: string, survivorName: string) => void;
}

/**
 * 'Mesclar': the record that stays and, for each field the people hold differently, whose value
 * stays. Tags, interactions, lists, godfather links, consents and shots move to the survivor.
 */
export function MergeDialog({ group, onClose, onMerged }: MergeDialogProps) {
  const merge = useMergePeople();
  const [choice, setChoice] = useState<MergeChoice>(() => {
    const survivorCode = defaultSurvivor(group.people);
    return { survivorCode, fields: defaultFields(group.people, survivorCode) };
  });
  const asked = SHOWN_FIELDS.filter((f) => fieldDiffers(group.people, f.value));
  const survivor = group.people.find((p) => p.code === choice.survivorCode);

  const pickSurvivor = (survivorCode: number) =>
    setChoice({ survivorCode, fields: defaultFields(group.people, survivorCode) });
  const pickField = (field: ShownMergeField, code: number) =>
    setChoice((c) => ({ ...c, fields: { ...c.fields, [field]: code } }));

  const save = async () => {
    try {
      const answer = await merge.mutateAsync(mergeRequestOf(group, choice));
      onMerged(String(answer.mergeCode), survivor ? personName(survivor) : '');
    } catch {
      // the client showed the notice; the dialog stays open
    }
  };

  return (
    <Modal
      open
      title={T.mergeTitle}
      onCancel={onClose}
      width={640}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {T.cancel}
        </Button>,
        <Button key="merge" type="primary" danger loading={merge.isPending} onClick={() => void save()}>
          {T.mergeOk}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{T.mergeIntro}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={<span id="merge-survivor-label">{T.survivor}</span>}>
          <Radio.Group
            aria-labelledby="merge-survivor-label"
            value={choice.survivorCode}
            onChange={(e) => pickSurvivor(Number(e.target.value))}
          >
            <Space orientation="vertical">
              {group.people.map((p) => (
                <Radio key={p.code} value={p.code}>
                  {personName(p)}{' '}
                  <Typography.Text type="secondary">({T.createdOn(shownDate(p.createdAt))})</Typography.Text>
                  <br />
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {recordDetails(group.people, p)}
                  </Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {asked.map(({ field, value }) => {
          const labelId = `merge-field-${field}`;
          return (
            <Form.Item
              key={field}
              label={<span id={labelId}>{T.fieldWinner(MERGE_FIELD_LABELS[field])}</span>}
            >
              <Radio.Group
                aria-labelledby={labelId}
                value={choice.fields[field]}
                onChange={(e) => pickField(field, Number(e.target.value))}
              >
                <Space orientation="vertical">
                  {group.people.map((p) => (
                    <Radio key={p.code} value={p.code}>
                      <span style={{ wordBreak: 'break-all' }}>{shownValue(field, value(p))}</span>
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            </Form.Item>
          );
        })}
      </Form>
      {merge.isError && <Alert type="error" showIcon title={T.mergeError} />}
    </Modal>
  );
}
