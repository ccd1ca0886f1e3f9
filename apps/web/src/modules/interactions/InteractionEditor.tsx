import type { Interaction } from '@mandato/domain';
import { Modal, Popover } from 'antd';
import type { ReactElement } from 'react';
import { useIsMobile } from '../../platform/layout/useIsMobile.ts';
import { InteractionForm } from './InteractionForm.tsx';

export const INTERACTION_MODAL_TITLE = 'Interação';

/**
 * The interaction form in a popover anchored on `children`, or in a modal titled 'Interação'
 * below 768 px (spec 2 §2 "Interactions panel").
 */
export function InteractionEditor({
  open,
  formKey,
  personCode,
  interaction,
  onClose,
  onSaved,
  onRestart,
  children,
}: {
  open: boolean;
  /** changes to start a fresh form */
  formKey: number;
  personCode: number;
  interaction?: Interaction;
  onClose: () => void;
  onSaved: () => void;
  onRestart: () => void;
  children: ReactElement;
}) {
  const mobile = useIsMobile();
  const form = open ? (
    <InteractionForm
      key={formKey}
      personCode={personCode}
      interaction={interaction}
      onCancel={onClose}
      onSaved={onSaved}
      onRestart={onRestart}
    />
  ) : null;
  if (mobile) {
    return (
      <>
        {children}
        <Modal
          open={open}
          title={INTERACTION_MODAL_TITLE}
          footer={null}
          onCancel={onClose}
          destroyOnHidden
          width={530}
        >
          {form}
        </Modal>
      </>
    );
  }
  return (
    <Popover
      open={open}
      trigger="click"
      placement="bottomRight"
      title={INTERACTION_MODAL_TITLE}
      content={
        <div className="interaction-popover" role="dialog" aria-label={INTERACTION_MODAL_TITLE}>
          {form}
        </div>
      }
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      destroyOnHidden
    >
      {children}
    </Popover>
  );
}
