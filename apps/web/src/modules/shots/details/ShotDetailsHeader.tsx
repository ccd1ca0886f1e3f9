import {
  SHOT_PERCENT_BASES,
  SHOT_SCREEN_TEXTS,
  SHOT_STATUS_LABELS,
  SHOT_TEXTS,
  type Shot,
  SMS_TEXTS,
  shotPercentages,
} from '@mandato/domain';
import { Card, Descriptions, Statistic } from 'antd';
import { ShotPausedLine, ShotStatusTag } from '../list/ShotStatusPanel.tsx';
import { shotDateTime } from '../shotFormat.ts';

const T = SHOT_SCREEN_TEXTS;

/**
 * The shot the details are of: its name (issue 40), subject and sender (e-mail) or message (SMS), list, dates, status,
 * and the §9 percentages (an SMS: delivered over contacts only).
 */
export function ShotDetailsHeader({ shot }: { shot: Shot }) {
  const pct = shotPercentages(shot);
  const email = shot.type === 'EMAIL';
  // each percentage says what it is out of: 'Abertos dos entregues 40,0%'
  const percent = (title: string, base: string, value: number) => (
    <Statistic title={`${title} ${base}`} value={value} precision={1} suffix="%" decimalSeparator="," />
  );
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          // issue 40: the team's name for it, when it has one
          ...(shot.name ? [{ key: 'name', label: SHOT_TEXTS.name, children: shot.name }] : []),
          email
            ? { key: 'subject', label: SHOT_TEXTS.subject, children: shot.subject || T.noSubject }
            : {
                key: 'content',
                label: SMS_TEXTS.message,
                children: (
                  <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {shot.content || T.noContent}
                  </span>
                ),
              },
          {
            key: 'status',
            label: T.statusPanel,
            children: (
              <span>
                <ShotStatusTag status={shot.status} /> <ShotPausedLine shot={shot} />
              </span>
            ),
          },
          ...(email
            ? [
                {
                  key: 'sender',
                  label: SHOT_TEXTS.sender,
                  children: shot.sender ? `${shot.sender.name} <${shot.sender.email}>` : '',
                },
              ]
            : []),
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
        {percent(T.delivered, SHOT_PERCENT_BASES.delivered, pct.delivered)}
        {email && percent(T.opened, SHOT_PERCENT_BASES.opened, pct.opened)}
        {email && percent(T.clicked, SHOT_PERCENT_BASES.clicked, pct.clicked)}
      </div>
    </Card>
  );
}
