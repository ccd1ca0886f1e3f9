import { segmentsKeys } from '../../segments/hooks/segmentsKeys.ts';

/** Query keys of the shots screens; invalidating `all` reloads every list, shot and report. */
export const shotsKeys = {
  all: ['shots'] as const,
  /** a channel's list view: `lists(channel)` covers every view and page */
  lists: (...parts: (string | number)[]) => [...shotsKeys.all, 'list', ...parts] as const,
  /** one shot (editor, details) */
  shot: (channel: string, code: string | number) =>
    [...shotsKeys.all, 'shot', channel, String(code)] as const,
  /** a details tab: `reports(channel, code)` covers every tab and page of the shot */
  reports: (channel: string, code: string | number, ...parts: (string | number)[]) =>
    [...shotsKeys.all, 'report', channel, String(code), ...parts] as const,
  /** people of a list who can receive the channel (GET /people itemsPerPage=0) */
  reachable: (segmentCode: number, channel: string) =>
    [...shotsKeys.all, 'reachable', channel, segmentCode] as const,
  /** the tenant's birthday e-mail (GET/PUT emails/birthday) */
  birthday: () => [...shotsKeys.all, 'birthday'] as const,
  /** the lists a shot can go to: below the saved lists' keys, so a saved or removed list refreshes them */
  segmentNames: () => [...segmentsKeys.all, 'names', 'PERSON,TEAM'] as const,
  /** the embedded outbox: `outbox()` covers the list and every message */
  outbox: (...parts: (string | number)[]) => [...shotsKeys.all, 'outbox', ...parts] as const,
};
