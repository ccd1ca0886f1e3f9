import type { InteractionDisplayStateName, InteractionStatus } from './interactions.schemas.ts';

/** Labels of the shown state (spec 2 §4). */
export const INTERACTION_DISPLAY_LABELS: Record<InteractionDisplayStateName, string> = {
  CONCLUDED: 'Concluída',
  WAITING: 'Aguardando',
  LATE: 'Atrasado',
  CANCELED: 'Cancelado',
};

/** Colours of the timeline (spec 2 §4): green, orange (overdue) and grey. */
export const INTERACTION_COLORS = {
  green: '#52c41a',
  orange: '#fa8c16',
  grey: '#8c8c8c',
} as const;
export type InteractionColor = keyof typeof INTERACTION_COLORS;

export interface InteractionTiming {
  status: InteractionStatus;
  /** end of the interaction: a Date or anything `new Date()` reads (ISO 8601) */
  endDate: Date | string;
}

const time = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

/**
 * The state shown for an interaction at `now` (spec 2 §4): concluded if CONCLUDED; otherwise
 * 'Aguardando' while its end is in the future, else 'Atrasado'. A CANCELED one is never overdue:
 * it shows 'Cancelado' (the spec's grey "otherwise" colour).
 */
export function interactionDisplayState(
  interaction: InteractionTiming,
  now: Date = new Date(),
): InteractionDisplayStateName {
  if (interaction.status === 'CONCLUDED') return 'CONCLUDED';
  if (interaction.status === 'CANCELED') return 'CANCELED';
  return time(interaction.endDate) > now.getTime() ? 'WAITING' : 'LATE';
}

/** Green for concluded, running or future; orange for overdue; grey otherwise (canceled). */
export function interactionColor(interaction: InteractionTiming, now: Date = new Date()): InteractionColor {
  switch (interactionDisplayState(interaction, now)) {
    case 'CONCLUDED':
    case 'WAITING':
      return 'green';
    case 'LATE':
      return 'orange';
    case 'CANCELED':
      return 'grey';
  }
}

/** Whether the interaction is overdue: still IN_PROGRESS and its end has passed. */
export function isInteractionLate(interaction: InteractionTiming, now: Date = new Date()): boolean {
  return interactionDisplayState(interaction, now) === 'LATE';
}
