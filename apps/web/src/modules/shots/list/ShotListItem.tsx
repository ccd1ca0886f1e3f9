import { SHOT_TEXTS, type Shot } from '@mandato/domain';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { shotTitle } from '../shotFormat.ts';
import { detailsPath } from '../shotPaths.ts';
import { ShotActions } from './ShotActions.tsx';
import { ShotDestinationPanel } from './ShotDestinationPanel.tsx';
import { ShotPreview } from './ShotPreview.tsx';
import { ShotStatusPanel } from './ShotStatusPanel.tsx';

/**
 * One shot of a list (spec 3 §2.1): status panel, preview and destination panel, then its actions;
 * named by its own name (issue 40), else its subject (e-mail) or its message (SMS). A named e-mail
 * says its subject under the name: the render of its design does not show it.
 */
export function ShotListItem({
  shot,
  base,
  detailsLink = false,
}: {
  shot: Shot;
  base: string;
  /** the title links to the shot's details */
  detailsLink?: boolean;
}) {
  const subject = shotTitle(shot);
  const sentSubject = shot.type === 'EMAIL' && shot.name?.trim() ? shotTitle({ ...shot, name: null }) : null;
  return (
    <Card size="small" className="shot-item" aria-label={subject} role="article">
      <Typography.Title level={3} className="shot-item__subject">
        {detailsLink ? <Link to={detailsPath(base, shot.type, shot.code)}>{subject}</Link> : subject}
      </Typography.Title>
      {sentSubject !== null && (
        <Typography.Paragraph type="secondary" className="shot-item__sent-subject">
          {`${SHOT_TEXTS.subject}: ${sentSubject}`}
        </Typography.Paragraph>
      )}
      <div className="shot-item__body">
        <ShotStatusPanel shot={shot} />
        <ShotPreview shot={shot} />
        <ShotDestinationPanel shot={shot} />
      </div>
      <ShotActions shot={shot} base={base} />
    </Card>
  );
}
