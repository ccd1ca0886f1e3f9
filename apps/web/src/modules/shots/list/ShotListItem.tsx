import type { Shot } from '@mandato/domain';
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
 * named by its subject (e-mail) or its message (SMS).
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
  return (
    <Card size="small" className="shot-item" aria-label={subject} role="article">
      <Typography.Title level={3} className="shot-item__subject">
        {detailsLink ? <Link to={detailsPath(base, shot.type, shot.code)}>{subject}</Link> : subject}
      </Typography.Title>
      <div className="shot-item__body">
        <ShotStatusPanel shot={shot} />
        <ShotPreview shot={shot} />
        <ShotDestinationPanel shot={shot} />
      </div>
      <ShotActions shot={shot} base={base} />
    </Card>
  );
}
