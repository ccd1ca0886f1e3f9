import { NOTIFICATION_SECONDS } from '@mandato/domain/plain';

/** Notifications at top right for 4.5 s (spec 1 §9). */
export const NOTIFICATION_CONFIG = { placement: 'topRight', duration: NOTIFICATION_SECONDS } as const;
