import { SMS_MAX_CHARS, SMS_TEXTS, type SmsCount } from '@mandato/domain';
import { Button, Flex, Tag, Typography } from 'antd';

const shown = (c: string) => (c === '\n' ? '↵' : c === ' ' || c === '\u00A0' ? '␣' : c);

/**
 * Below the message, one line a person reads (issue 40): '107 de 160 caracteres · 2 partes (acentos
 * ou emoji: 67 por parte)', or over the limit 'Passou 60 caracteres do limite' in red, announced
 * politely as the message changes; the characters that shrink each part with the one-click fix; the
 * credits the send takes.
 */
export function SmsCounter({
  id,
  count,
  contacts,
  canFix,
  onFix,
}: {
  /** the live region's id: the message field is described by it */
  id: string;
  count: SmsCount & { chars: number };
  /** the list's reachable people (undefined while unknown) */
  contacts: number | undefined;
  /** whether the fix changes anything (a character with no unaccented letter stays) */
  canFix: boolean;
  onFix: () => void;
}) {
  const over = count.chars > SMS_MAX_CHARS;
  return (
    <div className="sms-counter">
      <div id={id} role="status" aria-live="polite" aria-atomic>
        <Typography.Text strong type={over ? 'danger' : undefined} data-testid="sms-count">
          {SMS_TEXTS.counter(count)}
        </Typography.Text>
        {over && <Typography.Text type="danger"> · {SMS_TEXTS.overLimit}</Typography.Text>}
      </div>
      {count.nonGsm.length > 0 && (
        <div className="sms-counter__ucs2">
          <Typography.Text type="secondary">{SMS_TEXTS.ucs2Because}</Typography.Text>
          <Flex gap={4} wrap role="list" aria-label={SMS_TEXTS.ucs2Chars} style={{ margin: '4px 0 8px' }}>
            {count.nonGsm.map((c) => (
              <Tag key={c} color="orange" role="listitem" className="sms-counter__char">
                {shown(c)}
              </Tag>
            ))}
          </Flex>
          {canFix && <Button onClick={onFix}>{SMS_TEXTS.fixToGsm}</Button>}
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {contacts === undefined
          ? SMS_TEXTS.mergeLongest
          : `${SMS_TEXTS.creditsHint(contacts, count.parts)} · ${SMS_TEXTS.mergeLongest}`}
      </Typography.Paragraph>
    </div>
  );
}
