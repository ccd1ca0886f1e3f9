import { MESSAGES } from '@mandato/domain';

export type ErrorDetails =
  | string
  | string[]
  | Record<string, string[]>
  | Record<string, Record<string, string[]>>;

/** An error the API answers with its own status and pt-BR message (DESIGN.md §3). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ErrorDetails,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MESSAGES.validation, errors?: ErrorDetails) =>
  new AppError(400, message, errors);
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string, errors?: ErrorDetails) => new AppError(409, message, errors);
export const tooManyRequests = (message: string = MESSAGES.tooManyAttempts) => new AppError(429, message);
