import { SHOT_SCREEN_TEXTS, SMS_TEXTS } from '@mandato/domain';
import './smsBubble.css';

/** An SMS's text in a bubble on a phone's screen: small in a list item, large in a dialog. */
export function SmsBubble({ text, size }: { text: string; size: 'small' | 'large' }) {
  const shown = text.trim() || SHOT_SCREEN_TEXTS.noContent;
  return (
    <figure className={`shot-sms-phone shot-sms-phone--${size}`} aria-label={SMS_TEXTS.phonePreview}>
      <p className="shot-sms-bubble">{shown}</p>
    </figure>
  );
}
