/** The states every request passes through (spec 1 §4). */
export type RequestState = 'notTried' | 'awaiting' | 'success' | 'error' | 'cancelled';
