import { createHash, randomBytes } from 'node:crypto';
import { AUDIT_SUBJECTS, AUDIT_TEXTS } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { recordAudit } from '../../platform/audit/audit-log.repository.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { auditDeviceRepository } from './audit-device.repository.ts';

/**
 * Sign-ins from a new device (issue 31): a device is a long-lived random id the browser keeps in a
 * cookie (only the login route sees it) together with its user agent's family, stored hashed. The
 * first sign-in of a user with a pair not seen before is audited as SIGN_IN_NEW_DEVICE; a copied
 * cookie in another browser family is a new device too.
 */
export const DEVICE_COOKIE = 'mandato_device';
/** 400 days: the longest a browser keeps a cookie */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export interface SignInDevice {
  /** the cookie's id, or a new one when it had none or a malformed one */
  id: string;
  /** browser and system of the user agent, e.g. 'Chrome · Windows' */
  family: string;
}

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (text: string, table: typeof BROWSERS) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/** The family of a user agent, from known names only (the header itself is never stored). */
export function userAgentFamily(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, 1000);
  return `${firstMatch(text, BROWSERS) ?? AUDIT_TEXTS.otherBrowser} · ${firstMatch(text, SYSTEMS) ?? AUDIT_TEXTS.otherSystem}`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** The device of a sign-in, from its Cookie and User-Agent headers. */
export function signInDevice(headers: { cookie?: string; 'user-agent'?: string }): SignInDevice {
  const presented = cookieValue(headers.cookie, DEVICE_COOKIE);
  return {
    id: presented && DEVICE_ID.test(presented) ? presented : randomBytes(32).toString('base64url'),
    family: userAgentFamily(headers['user-agent']),
  };
}

/** The Set-Cookie of the device's id: HTTP only, sent back to the login route only. */
export function deviceCookie(device: SignInDevice): string {
  return `${DEVICE_COOKIE}=${device.id}; Path=/api/auth/login; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; Secure; SameSite=Strict`;
}

/** Remembers the device of a successful sign-in and audits it when the user had never used it. */
export async function recordSignInDevice(
  app: Pick<AppContext, 'db'>,
  tenantId: string,
  userId: string,
  device: SignInDevice,
): Promise<void> {
  const hash = createHash('sha256').update(`${device.id}\n${device.family}`).digest('hex');
  await withTenant(app.db, tenantId, async (ctx) => {
    if (!(await auditDeviceRepository.remember(ctx, userId, hash, device.family))) return;
    await recordAudit(
      ctx,
      {
        action: 'SIGN_IN_NEW_DEVICE',
        subject: AUDIT_SUBJECTS.newDevice(device.family),
        detail: { family: device.family },
      },
      userId,
    );
  });
}
