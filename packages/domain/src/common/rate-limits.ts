/**
 * Limits of the routes anyone can call (issue 29): at most `max` requests per `windowSeconds` per
 * counter, shared by every server instance (kept in the database). Past them the API answers 429 in
 * pt-BR with Retry-After. The sponsor page's (SPONSOR_LIMITS) and the sender activation e-mail's
 * (SENDER_EMAIL_LIMITS) stay beside their schemas.
 */

/**
 * Failed sign-ins counted per window (docs/decisions.md "Limite de tentativas"): an account from
 * one client is locked after `perAccountClient`; an account from anywhere only slows down (each
 * attempt after `accountDelayFrom` waits 1, 2, 4… up to 60 s), so nobody locks its owner out.
 * A wrong current password in the own password change counts as a failed sign-in.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  perAccountClient: 10,
  perClient: 50,
  perAccount: 100,
  accountDelayFrom: 20,
  accountMaxDelaySeconds: 60,
  forgotPerAccount: 5,
  forgotPerClient: 20,
  forgotWindowSeconds: 3600,
} as const;

export const PUBLIC_ROUTE_LIMITS = {
  /** the tenant's public look, its logo and the sponsor page's favicon, per client address */
  readPerIp: { max: 600, windowSeconds: 60 },
  /** the sender activation page's confirmation, per client address */
  senderConfirmPerIp: { max: 30, windowSeconds: 600 },
  /**
   * the unsubscribe page and its one-click POST, per recipient link: the POST comes from the
   * mailbox provider's servers (RFC 8058), many recipients behind one address, so not per address
   */
  unsubscribePerLink: { max: 30, windowSeconds: 600 },
  /**
   * open pixel and click link hits per recipient link; past it the hit is answered (pixel,
   * redirect) but not recorded. Not per address: opens arrive through the providers' image proxies
   */
  trackingPerLink: { max: 60, windowSeconds: 60 },
  /** the iCalendar feed per feed token: calendar services poll from shared addresses */
  calendarPerFeed: { max: 120, windowSeconds: 3600 },
  /**
   * the relay's e-mail events (up to 500 per call) and the SMS provider's webhook (one event per
   * call, two or three per message), per address, checked after the secret: a provider's bursts
   * after a large shot must pass
   */
  shotEventsPerIp: { max: 600, windowSeconds: 60 },
  smsEventsPerIp: { max: 6000, windowSeconds: 60 },
} as const;
