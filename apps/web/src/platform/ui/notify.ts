import { MESSAGES } from '@mandato/domain';
import { notifications } from '../notifications/notifier.ts';

/** Success notice: title 'Pronto!' and the spec's text (spec 1 §8). */
export function notifySuccess(text: string): void {
  notifications().success({ title: MESSAGES.done, description: text });
}

/** Error notice for a rule the screen checks before calling the API. */
export function notifyError(text: string): void {
  notifications().error({ title: text });
}
