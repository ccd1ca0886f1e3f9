import type { Shot } from '@mandato/domain';
import type { ShotRecord, ShotTotals } from './shots.repository.ts';

const NO_TOTALS: ShotTotals = { delivered: 0, opened: 0, clicked: 0 };

/** A shot as the API answers it (spec 3 §3 Shot), with its recipients' totals. */
export function presentShot(r: ShotRecord, totals: ShotTotals = NO_TOTALS): Shot {
  const hasSegment = r.segment_id !== null || r.segment_name !== null;
  return {
    code: Number(r.id),
    type: r.channel,
    status: r.status,
    name: r.name,
    subject: r.subject,
    content: r.content,
    htmlContent: r.html_content,
    jsonContent: r.json_content ?? null,
    imagePreview: r.image_preview,
    sender:
      r.sender_id !== null && r.sender_name !== null
        ? { code: Number(r.sender_id), name: r.sender_name, email: r.sender_email ?? '' }
        : null,
    destination: {
      // a removed list keeps its name and type on the shot (code 0: it no longer exists)
      segment: hasSegment
        ? {
            code: Number(r.segment_id ?? 0),
            name: r.segment_name ?? '',
            query: r.segment_expression ?? null,
            type: r.segment_type ?? '',
          }
        : null,
    },
    totalContacts: r.total_contacts,
    totalDropped: r.total_dropped,
    scheduleDate: r.schedule_date?.toISOString() ?? null,
    startDate: r.start_date?.toISOString() ?? null,
    totalDelivered: totals.delivered,
    totalOpened: totals.opened,
    totalClicked: totals.clicked,
    errorReason: r.error_reason,
    birthday: r.birthday,
    smsParts: r.sms_parts,
    pausedUntil: r.paused_until?.toISOString() ?? null,
    createDate: r.created_at.toISOString(),
  };
}
