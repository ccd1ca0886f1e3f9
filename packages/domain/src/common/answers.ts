import { z } from 'zod';

/**
 * Every API failure: `{ message, errors }` (errors: a text, texts, the pt-BR messages per field, or,
 * for a refused spreadsheet, the messages per line and column: `{ "7": { "cpf": ["Cpf Inválido"] } }`).
 */
const texts = z.array(z.string());
const ErrorDetailsShapes = [
  z.string(),
  texts,
  z.record(z.string(), texts),
  z.record(z.string(), z.record(z.string(), texts)),
] as const;
export type ErrorDetails = z.infer<(typeof ErrorDetailsShapes)[number]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `errors`: a text, texts, or the texts per field. Checked as is, not rebuilt: a field named like
 * `__proto__` (an unknown key the client sent) must reach the client, and a rebuilt record drops it.
 */
const ErrorDetailsSchema = z
  .custom<ErrorDetails>(
    (value) =>
      z.string().safeParse(value).success ||
      texts.safeParse(value).success ||
      (isRecord(value) &&
        (Object.values(value).every((v) => texts.safeParse(v).success) ||
          Object.values(value).every(
            (line) => isRecord(line) && Object.values(line).every((v) => texts.safeParse(v).success),
          ))),
  )
  .meta({
    anyOf: [
      { type: 'string' },
      { type: 'array', items: { type: 'string' } },
      { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      {
        type: 'object',
        additionalProperties: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
      },
    ],
  });

export const ErrorAnswerSchema = z
  .object({ message: z.string(), errors: ErrorDetailsSchema.optional() })
  .meta({ id: 'ErrorAnswer' });
export type ErrorAnswer = z.infer<typeof ErrorAnswerSchema>;

/** Every API success: `{ data: … }`. */
export const DataAnswerSchema = <T extends z.ZodType>(data: T) => z.object({ data });

/** A page of a list: `{ list, total }`. */
export const ListAnswerSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number() });
export interface ListAnswer<T> {
  list: T[];
  total: number;
}
