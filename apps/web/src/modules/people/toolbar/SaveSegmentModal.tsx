import type { FilterExpression, Segment } from '@mandato/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { crmApi } from '../api/crmApi.ts';
import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';
import { notifySuccess } from '../notifySuccess.ts';
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
  const queryClient = useQueryClient();
  const canUpdate = !segment.special;
  const [action, setAction] = useState<SaveAction>(canUpdate ? 'edit' : 'add');
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const error = segmentNameError(name, action, segment.name);

  const save = async () => {
    setTouched(true);
    if (error) return;
    setSaving(true);
    try {
      const payload = { name: name.trim(), type: segment.type, expression };
      const saved =
        action === 'edit'
          ? await crmApi.segments.update(segment.code, payload)
          : await crmApi.segments.create(payload);
      notifySuccess(PEOPLE_TEXTS.segmentSaved);
      await queryClient.invalidateQueries({ queryKey: ['segments'] });
      onSaved(saved);
    } catch {
      // 'Falha ao tentar salvar Lista de Segmentação' already shown
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={PEOPLE_TEXTS.saveSegmentTitle}
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={saving}
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
