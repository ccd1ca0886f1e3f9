import { SHOT_SCREEN_TEXTS, type Shot } from '@mandato/domain';
import { Typography } from 'antd';
import { shotTitle } from '../shotFormat.ts';
import { SmsBubble } from './SmsBubble.tsx';

const T = SHOT_SCREEN_TEXTS;
/** An image the editor captured; anything else is not shown as an image. */
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,/;

/**
 * The item's thumbnail: an SMS's text in a phone bubble; an e-mail's captured image, or its subject
 * when there is none.
 */
export function ShotPreview({ shot }: { shot: Shot }) {
  if (shot.type === 'SMS') return <SmsBubble text={shot.content ?? ''} size="small" />;
  const subject = shotTitle(shot);
  return (
    <div className="shot-item__preview">
      {shot.imagePreview && IMAGE_DATA_URL.test(shot.imagePreview) ? (
        <img src={shot.imagePreview} alt={T.previewOf(subject)} />
      ) : (
        <Typography.Paragraph ellipsis={{ rows: 4 }} style={{ margin: 0 }}>
          {subject}
        </Typography.Paragraph>
      )}
    </div>
  );
}
