import { SHOT_SCREEN_TEXTS, type Shot } from '@mandato/domain';
import { Typography } from 'antd';

const T = SHOT_SCREEN_TEXTS;
/** An image the editor captured; anything else is not shown as an image. */
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,/;

/** The item's thumbnail: the editor's captured image, or the subject when there is none. */
export function ShotPreview({ shot }: { shot: Shot }) {
  const subject = shot.subject?.trim() || T.noSubject;
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
