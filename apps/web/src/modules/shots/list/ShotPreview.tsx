import { SHOT_SCREEN_TEXTS, type Shot, withMergeTagLabels } from '@mandato/domain';
import { Typography } from 'antd';
import { shotTitle } from '../shotFormat.ts';
import { SmsBubble } from './SmsBubble.tsx';

const T = SHOT_SCREEN_TEXTS;
/** An image the editor captured; anything else is not shown as an image. */
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,/;

/**
 * The item's thumbnail: an SMS's text in a phone bubble, its merge tags as their labels; an e-mail's
 * captured image, else a small render of its design (issue 40), else its subject.
 *
 * The design is the HTML the server sanitised when it was saved, drawn in a frame with no script and
 * no same origin (`sandbox=""`), laid out at an e-mail's width and scaled down; the frame is inert: no
 * click, no focus, nothing read twice (the card's title names the shot).
 */
export function ShotPreview({ shot }: { shot: Shot }) {
  if (shot.type === 'SMS') return <SmsBubble text={withMergeTagLabels(shot.content ?? '')} size="small" />;
  const title = shotTitle(shot);
  // what the recipients read: the subject, even when the team named the shot otherwise
  const subject = shotTitle({ ...shot, name: null });
  const html = shot.htmlContent?.trim();
  return (
    <div className="shot-item__preview">
      {shot.imagePreview && IMAGE_DATA_URL.test(shot.imagePreview) ? (
        <img src={shot.imagePreview} alt={T.previewOf(title)} />
      ) : html ? (
        <div className="shot-item__design" inert data-testid="shot-design-thumbnail">
          <iframe title={T.previewOf(title)} sandbox="" srcDoc={html} loading="lazy" scrolling="no" />
        </div>
      ) : (
        <Typography.Paragraph ellipsis={{ rows: 4 }} style={{ margin: 0 }}>
          {subject}
        </Typography.Paragraph>
      )}
    </div>
  );
}
