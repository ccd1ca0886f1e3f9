import { SHOT_SCREEN_TEXTS, SHOT_TEXTS, type Shot } from '@mandato/domain';
import { Typography } from 'antd';

const T = SHOT_SCREEN_TEXTS;

/** The destination panel: the list's name, its contacts and the sender. */
export function ShotDestinationPanel({ shot }: { shot: Shot }) {
  return (
    <div className="shot-item__panel">
      <Typography.Text strong>{T.destinationPanel}</Typography.Text>
      <div>{shot.destination.segment?.name ?? T.noList}</div>
      <div>{SHOT_TEXTS.contacts(shot.totalContacts)}</div>
      {shot.sender && (
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {`${SHOT_TEXTS.sender}: ${shot.sender.name} <${shot.sender.email}>`}
        </Typography.Text>
      )}
    </div>
  );
}
