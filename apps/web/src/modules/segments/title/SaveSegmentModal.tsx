import type { FilterExpression, Segment } from '@mandato/domain';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useSaveSegment } from '../hooks/useSegmentMutations.ts';
import { SEGMENT_TEXTS } from '../texts.ts';
import { type SaveAction, segmentNameError } from './segmentName.ts';

/**
 * 'O que você quer fazer?': Nova lista or Atualizar (offered only when the list may be updated,
 * i.e. it is not a special list); otherwise adding is the default.
 */
export function SaveSegmentModal({
  segment,
  name: initialName,
  expression,
  onClose,
  onSaved,
}: {
  segment: Segment;
  name: string;
  expression: FilterExpression;
  onClose: () => void;
  onSaved: (segment: Segment) => void;
}) {
  const saveSegment = useSaveSegment();
  const canUpdate = !segment.special;
  const [action, setAction] = useState<SaveAction>(canUpdate ? 'edit' : 'add');
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const error = segmentNameError(name, action, segment.name);

  const save = async () => {
    setTouched(true);
    if (error) return;
    try {
      const payload = { name: name.trim(), type: segment.type, expression };
      const saved = await saveSegment.mutateAsync({
        code: action === 'edit' ? segment.code : undefined,
        payload,
      });
      onSaved(saved);
    } catch {
      // 'Falha ao tentar salvar Lista de Segmentação' already shown
    }
  };

  return (
    <Modal
      open
      title={SEGMENT_TEXTS.saveTitle}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={saveSegment.isPending}
      onOk={() => void save()}
      onCancel={onClose}
      width={{ xs: '95%', sm: 530 }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item>
          <Radio.Group
            value={action}
            onChange={(e) => setAction(e.target.value as SaveAction)}
            options={[
              { value: 'add', label: 'Nova lista' },
              { value: 'edit', label: 'Atualizar', disabled: !canUpdate },
            ]}
          />
        </Form.Item>
        <Form.Item
          label="Nome da lista"
          htmlFor="segment-save-name"
          validateStatus={touched && error ? 'error' : undefined}
          help={touched ? error : undefined}
        >
          <Input
            id="segment-save-name"
            maxLength={80}
            value={name}
            onChange={(e) => {
              setTouched(true);
              setName(e.target.value);
            }}
            onPressEnter={() => void save()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
