import {
  SHOT_SCREEN_TEXTS,
  SHOT_STATUS_LABELS,
  SHOT_TEXTS,
  type Shot,
  shotPercentages,
} from '@mandato/domain';
import { Card, Descriptions, Statistic } from 'antd';
import { ShotStatusTag } from '../list/ShotStatusPanel.tsx';
import { shotDateTime } from '../shotFormat.ts';

const T = SHOT_SCREEN_TEXTS;

/** The shot the details are of: subject, sender, list, dates, status, and the §9 percentages. */
export function ShotDetailsHeader({ shot }: { shot: Shot }) {
  const pct = shotPercentages(shot);
  const percent = (title: string, value: number) => (
    <Statistic title={title} value={value} precision={1} suffix="%" decimalSeparator="," />
  );
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'subject', label: SHOT_TEXTS.subject, children: shot.subject || T.noSubject },
          {
            key: 'status',
            label: T.statusPanel,
            children: <ShotStatusTag status={shot.status} />,
          },
          {
            key: 'sender',
            label: SHOT_TEXTS.sender,
            children: shot.sender ? `${shot.sender.name} <${shot.sender.email}>` : '',
          },
          {
            key: 'segment',
            label: SHOT_TEXTS.segment,
            children: `${shot.destination.segment?.name ?? T.noList} (${SHOT_TEXTS.contacts(shot.totalContacts)})`,
          },
          { key: 'created', label: T.createdAt, children: shotDateTime(shot.createDate) },
          ...(shot.scheduleDate
            ? [{ key: 'schedule', label: T.scheduledFor, children: shotDateTime(shot.scheduleDate) }]
            : []),
          ...(shot.startDate
            ? [{ key: 'start', label: T.startedAt, children: shotDateTime(shot.startDate) }]
            : []),
          ...(shot.status === 'ERROR' && shot.errorReason
            ? [{ key: 'error', label: SHOT_STATUS_LABELS.ERROR, children: shot.errorReason }]
            : []),
        ]}
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32, marginTop: 12 }}>
        {percent(T.delivered, pct.delivered)}
        {percent(T.opened, pct.opened)}
        {percent(T.clicked, pct.clicked)}
      </div>
    </Card>
  );
}
