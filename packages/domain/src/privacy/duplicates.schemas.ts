import { z } from 'zod';
import { pageQuery } from '../common/paging.ts';
import {
  DUPLICATE_KEYS,
  DUPLICATES_TEXTS,
  MERGE_FIELDS,
  MERGE_MAX_PEOPLE,
  type MergeField,
} from './duplicates.texts.ts';

/** A person's code as the merge takes it: the number of the people API or its decimal string. */
const personCode = z
  .union([z.string(), z.number()], { error: DUPLICATES_TEXTS.invalidCode })
  .transform((v) => String(v).trim())
  .refine((v) => /^[1-9]\d{0,14}$/.test(v), DUPLICATES_TEXTS.invalidCode);

/** GET /api/people/duplicates */
export const DuplicatesQuerySchema = z.strictObject({ ...pageQuery(20, 100) });
export type DuplicatesQuery = z.infer<typeof DuplicatesQuerySchema>;

export const DuplicateKeySchema = z.enum(DUPLICATE_KEYS);

export const DuplicatePersonSchema = z.object({
  code: z.number(),
  name: z.string().nullable(),
  cpf: z.string().optional(),
  email: z.string().optional(),
  mobile: z.string().optional(),
  birthDate: z.string().optional(),
  createdAt: z.string(),
});
export type DuplicatePerson = z.infer<typeof DuplicatePersonSchema>;

export const DuplicateGroupSchema = z.object({
  /** the strongest key the people share */
  key: DuplicateKeySchema,
  /** every key the people share, strongest first */
  keys: z.array(DuplicateKeySchema),
  score: z.number(),
  people: z.array(DuplicatePersonSchema),
});
export type DuplicateGroup = z.infer<typeof DuplicateGroupSchema>;

export const DuplicatesPageSchema = z.object({
  items: z.array(DuplicateGroupSchema),
  total: z.number(),
  /** when the groups shown were found (null: never yet) */
  refreshedAt: z.string().nullable(),
  /** a search for groups is queued or running (people changed since `refreshedAt`) */
  refreshing: z.boolean(),
});
export type DuplicatesPage = z.infer<typeof DuplicatesPageSchema>;

const mergeFields = Object.fromEntries(MERGE_FIELDS.map((f) => [f, personCode.optional()])) as Record<
  MergeField,
  z.ZodOptional<typeof personCode>
>;

/** POST /api/people/merge: `fields` names, per field, the person whose value the survivor keeps. */
export const MergeSchema = z
  .strictObject({
    survivorCode: personCode,
    mergedCodes: z
      .array(personCode, { error: DUPLICATES_TEXTS.mergedRequired })
      .min(1, DUPLICATES_TEXTS.mergedRequired)
      .max(MERGE_MAX_PEOPLE - 1, DUPLICATES_TEXTS.tooMany),
    fields: z.strictObject(mergeFields).default({}),
  })
  .superRefine((m, ctx) => {
    if (m.mergedCodes.includes(m.survivorCode))
      ctx.addIssue({ code: 'custom', path: ['mergedCodes'], message: DUPLICATES_TEXTS.withItself });
    if (new Set(m.mergedCodes).size !== m.mergedCodes.length)
      ctx.addIssue({ code: 'custom', path: ['mergedCodes'], message: DUPLICATES_TEXTS.repeated });
    const involved = new Set([m.survivorCode, ...m.mergedCodes]);
    for (const [field, code] of Object.entries(m.fields))
      if (code !== undefined && !involved.has(code))
        ctx.addIssue({ code: 'custom', path: ['fields', field], message: DUPLICATES_TEXTS.fieldNotInMerge });
  });
export type MergeInput = z.input<typeof MergeSchema>;
export type Merge = z.output<typeof MergeSchema>;

export const MergeAnswerSchema = z.object({ mergeCode: z.string() });
export const MergeUndoParamsSchema = z.object({
  code: z.string().regex(/^[1-9]\d{0,14}$/, DUPLICATES_TEXTS.invalidMergeCode),
});
export const MergeUndoAnswerSchema = z.object({ mergeCode: z.string(), restored: z.array(z.number()) });

/** GET /api/people/merges: the merges of the last MERGE_UNDO_DAYS days, newest first. */
export const MergeHistoryQuerySchema = z.strictObject({ ...pageQuery(20, 100) });
export type MergeHistoryQuery = z.infer<typeof MergeHistoryQuerySchema>;

/** A person of a merge; `name` null when the caller may not see that person (or it has none). */
export const MergePersonSchema = z.object({ code: z.number(), name: z.string().nullable() });
export type MergePerson = z.infer<typeof MergePersonSchema>;

export const MergeHistoryItemSchema = z.object({
  code: z.string(),
  createdAt: z.string(),
  /** the user who merged (null: the user was removed) */
  createdBy: z.string().nullable(),
  /** null: the survivor was deleted or merged again since */
  survivor: MergePersonSchema.nullable(),
  merged: z.array(MergePersonSchema),
  undoneAt: z.string().nullable(),
  /** the last instant the merge can be undone */
  undoUntil: z.string(),
});
export type MergeHistoryItem = z.infer<typeof MergeHistoryItemSchema>;

export const MergeHistoryPageSchema = z.object({ items: z.array(MergeHistoryItemSchema), total: z.number() });
export type MergeHistoryPage = z.infer<typeof MergeHistoryPageSchema>;
