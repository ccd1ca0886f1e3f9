import { SMS_MAX_CHARS, SMS_TEXTS, type SmsCount } from '@mandato/domain';
import { Button, Flex, Tag, Typography } from 'antd';

const shown = (c: string) => (c === '\n' ? '↵' : c === ' ' || c === '\u00A0' ? '␣' : c);

/**
 * Below the message: 'Caracteres restantes: n/160' (red over the limit) and the encoding with its
 * parts, both announced politely as the message changes; the characters that made it UCS-2 with the
 * one-click fix; the credits the send takes.
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
  const remaining = SMS_MAX_CHARS - count.chars;
  return (
    <div className="sms-counter">
      <div id={id} role="status" aria-live="polite" aria-atomic>
        <Typography.Text strong type={remaining < 0 ? 'danger' : undefined} data-testid="sms-remaining">
          {SMS_TEXTS.remaining(remaining)}
        </Typography.Text>
        {remaining < 0 && <Typography.Text type="danger"> {SMS_TEXTS.overLimit}</Typography.Text>}
        <div>
          <Typography.Text type="secondary" data-testid="sms-encoding">
            {SMS_TEXTS.encoding(count)}
          </Typography.Text>
        </div>
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
