import { SHOT_OUTBOX_TEXTS, SHOT_SCREEN_TEXTS } from '@mandato/domain';
import { Button, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useReplyOutboxMessage } from '../hooks/useOutbox.ts';

/** The longest reply the server takes (OutboxReplySchema). */
const REPLY_MAX = 160;

/** 'Simular resposta': the text an SMS's number sends back ('SAIR' opts it out), posted as the provider would. */
export function SmsReplyForm({ id }: { id: string }) {
  const [text, setText] = useState('');
  const reply = useReplyOutboxMessage();
  useForbiddenRedirect(reply.error);
  const inputId = useId();
  const send = () => {
    const value = text.trim();
    if (!value || reply.isPending) return;
    reply
      .mutateAsync({ id, text: value })
      .then(() => setText(''))
      .catch(() => undefined);
  };
  return (
    <div style={{ width: '100%' }}>
      <Typography.Text strong>
        <label htmlFor={inputId}>{SHOT_OUTBOX_TEXTS.reply}</label>
      </Typography.Text>
      {/* the button goes below the field when a phone has no room for both */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 4 }}>
        <Input
          id={inputId}
          style={{ flex: '1 1 240px' }}
          value={text}
          maxLength={REPLY_MAX}
          placeholder={SHOT_OUTBOX_TEXTS.replyPlaceholder}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={send}
        />
        <Button type="primary" loading={reply.isPending} disabled={!text.trim()} onClick={send}>
          {SHOT_SCREEN_TEXTS.sendReply}
        </Button>
      </div>
    </div>
  );
}
