import { SMS_TEXTS, smsCharacters } from '@mandato/domain';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The text with each character of `marked` in a <mark> (the characters that made the SMS UCS-2),
 * characters as the screen shows them (a letter with its accents, an emoji with its modifiers).
 */
function withMarks(text: string, marked: readonly string[]): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  let i = 0;
  for (const c of smsCharacters(text)) {
    if (marked.includes(c)) {
      if (plain) out.push(plain);
      plain = '';
      out.push(
        <mark key={i} className="sms-phone__ucs2">
          {c}
        </mark>,
      );
    } else plain += c;
    i += 1;
  }
  if (plain) out.push(plain);
  return out;
}

/** The SMS inside a phone drawn in CSS (spec 3 §2.1 'a preview inside a phone image'). */
export function PhonePreview({
  text,
  marked,
  sender,
  hint,
}: {
  text: string;
  marked: readonly string[];
  /** the phone's title bar: who the SMS comes from */
  sender: string;
  hint: string;
}) {
  return (
    <figure className="sms-phone-figure" aria-labelledby="sms-phone-caption">
      <div className="sms-phone">
        <div className="sms-phone__notch" aria-hidden />
        <div className="sms-phone__screen">
          <div className="sms-phone__from" aria-hidden>
            {sender}
          </div>
          <p className="sms-phone__bubble" data-testid="sms-preview">
            {text ? withMarks(text, marked) : '…'}
          </p>
        </div>
      </div>
      <figcaption id="sms-phone-caption">
        <Typography.Text type="secondary">
          {SMS_TEXTS.phonePreview}. {hint}
        </Typography.Text>
      </figcaption>
    </figure>
  );
}
