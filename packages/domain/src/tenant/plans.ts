import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';

export const PLAN_IDS = ['FREE', 'TRIAL', 'BASIC', 'IDEAL', 'PREMIUM'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS, { error: MESSAGES.notAllowed });
export type PlanId = z.infer<typeof PlanIdSchema>;

export const CONTACT_PLAN_BANNER_THRESHOLD = 85;
export const UNLIMITED_LABEL = 'Ilimitado';

export function isUnlimited(total: number | null | undefined): boolean {
  return !total;
}

/** Usage percent rounded up; 0 for unlimited plans. */
export function usagePercent(used: number, total: number | null | undefined): number {
  if (isUnlimited(total)) return 0;
  return Math.ceil((used / (total as number)) * 100);
}

export function showContactPlanBanner(
  planId: PlanId,
  used: number,
  total: number | null | undefined,
): boolean {
  if (planId === 'PREMIUM' || planId === 'TRIAL') return false;
  if (isUnlimited(total)) return false;
  return usagePercent(used, total) >= CONTACT_PLAN_BANNER_THRESHOLD;
}

/** Whole days from `today` to `deactiveDate` (calendar days, local dates). */
export function daysUntil(deactiveDate: string, today: Date = new Date()): number {
  const [y, m, d] = deactiveDate.slice(0, 10).split('-').map(Number);
  const end = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((end - start) / 86_400_000);
}

/** Trial countdown label (spec 1 §2): 'Hoje', 'Amanhã', 'em N dias', or null once the period ended. */
export function trialCountdown(deactiveDate: string, today: Date = new Date()): string | null {
  const days = daysUntil(deactiveDate, today);
  if (days < 0) return null;
  return days === 0 ? 'Hoje' : days === 1 ? 'Amanhã' : `em ${days} dias`;
}

export const TRIAL_ENDED_TEXT = 'Seu período de avaliação terminou e o acesso será cancelado.';

export function trialBannerText(deactiveDate: string | null | undefined, today: Date = new Date()): string {
  if (!deactiveDate) return 'Você está no período de avaliação.';
  const label = trialCountdown(deactiveDate, today);
  return label === null ? TRIAL_ENDED_TEXT : `Seu período de avaliação termina: ${label}`;
}
