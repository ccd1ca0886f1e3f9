import type { ShotTestEmailBody, ShotTestSmsBody } from '@mandato/domain';
import { SHOT_TEST_TEXTS } from '@mandato/domain';
import { mktApi } from '../marketing/mktClient.ts';

/**
 * The test send of a saved shot (issue 40 item 3). The dialog shows the errors itself (the list's
 * 400, the 429 of the hourly limit, the 409 of a sender or balance), so no notice is raised here.
 */
const testing = { errorText: SHOT_TEST_TEXTS.sendError, notifyError: false, debounceMs: 0 } as const;

/** POST /api/mkt/emails/campaign/test/{code} */
export const sendEmailShotTest = (code: number, body: ShotTestEmailBody) =>
  mktApi.post('/mkt/emails/campaign/test/{id}', { path: { id: code }, body, ...testing });

/** POST /api/mkt/sms/campaign/test/{code} (the parts of each SMS debited) */
export const sendSmsShotTest = (code: number, body: ShotTestSmsBody) =>
  mktApi.post('/mkt/sms/campaign/test/{id}', { path: { id: code }, body, ...testing });
