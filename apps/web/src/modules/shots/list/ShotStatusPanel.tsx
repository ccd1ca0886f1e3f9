import { PauseCircleOutlined } from '@ant-design/icons';
import {
  SHOT_PERCENT_BASES,
  SHOT_SCREEN_TEXTS,
  SHOT_STATUS_COLORS,
  SHOT_STATUS_LABELS,
  SHOT_TEXTS,
  type Shot,
  SMS_TEXTS,
  shotPercentages,
} from '@mandato/domain';
import { Tag, Typography } from 'antd';
import { shotDateTime, shotDayTime } from '../shotFormat.ts';

const T = SHOT_SCREEN_TEXTS;

/**
 * spec 3 §9: delivered over contacts, opened over delivered, clicked over opened (an SMS: delivered
 * only), each saying what it is out of.
 */
export function ShotPercentages({ shot }: { shot: Shot }) {
  const pct = shotPercentages(shot);
  return (
    <ul className="shot-percentages" aria-label={T.statusPanel}>
      <li>{T.percentOf(T.delivered, pct.delivered, SHOT_PERCENT_BASES.delivered)}</li>
      {shot.type === 'EMAIL' && (
        <>
          <li>{T.percentOf(T.opened, pct.opened, SHOT_PERCENT_BASES.opened)}</li>
          <li>{T.percentOf(T.clicked, pct.clicked, SHOT_PERCENT_BASES.clicked)}</li>
        </>
      )}
    </ul>
  );
}

/** An SMS shot paused by the quiet hours: until when (São Paulo 'dd/mm HH:mm'). */
export function ShotPausedLine({ shot }: { shot: Pick<Shot, 'pausedUntil'> }) {
  const until = shotDayTime(shot.pausedUntil);
  if (!until) return null;
  return (
    <Typography.Text>
      <PauseCircleOutlined aria-hidden /> {SMS_TEXTS.paused(until)}
    </Typography.Text>
  );
}

/** A shot's status as a coloured tag ('Editando', 'Agendado', …). */
export function ShotStatusTag({ status }: { status: Shot['status'] }) {
  return <Tag color={SHOT_STATUS_COLORS[status]}>{SHOT_STATUS_LABELS[status]}</Tag>;
}

/** A line 'label: value' of a panel, left out when the value is empty. */
export function PanelLine({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      <Typography.Text>{value}</Typography.Text>
    </div>
  );
}

/** The status panel of a list item: status, dates, counts and the §9 percentages once sending. */
export function ShotStatusPanel({ shot }: { shot: Shot }) {
  const started = shot.status === 'SENDING' || shot.status === 'SENT' || shot.status === 'ERROR';
  return (
    <div className="shot-item__panel">
      <Typography.Text strong>{T.statusPanel}</Typography.Text>
      <div>
        <ShotStatusTag status={shot.status} />
      </div>
      <PanelLine label={T.createdAt} value={shotDateTime(shot.createDate)} />
      <PanelLine label={T.scheduledFor} value={shotDateTime(shot.scheduleDate)} />
      <PanelLine label={T.startedAt} value={shotDateTime(shot.startDate)} />
      <ShotPausedLine shot={shot} />
      {shot.status === 'ERROR' && shot.errorReason && (
        <Typography.Text type="danger">{shot.errorReason}</Typography.Text>
      )}
      {started && (
        <>
          <div>{SHOT_TEXTS.contacts(shot.totalContacts)}</div>
          {shot.totalDropped > 0 && (
            <PanelLine label={T.dropped} value={shot.totalDropped.toLocaleString('pt-BR')} />
          )}
          <ShotPercentages shot={shot} />
        </>
      )}
    </div>
  );
}
