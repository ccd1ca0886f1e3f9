import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';

/** GET /mkt/emails/list-info?segmentCode=N: what the e-mail editor needs of the chosen list. */
export const EmailListInfoQuerySchema = z.strictObject({
  segmentCode: z.coerce
    .number({ error: MESSAGES.notAllowed })
    .int(MESSAGES.notAllowed)
    .positive(MESSAGES.notAllowed)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.notAllowed),
});
export type EmailListInfoQuery = z.infer<typeof EmailListInfoQuerySchema>;

/**
 * How many people of the list an e-mail shot sends to now (issue 39 item 4): the send's own rule, so
 * the count before sending is the number sent — a valid address, not opted out, not on the
 * suppression list, each address once.
 */
export const EmailListInfoSchema = z.object({ total: z.number().int().min(0) });
export type EmailListInfo = z.infer<typeof EmailListInfoSchema>;
