import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { textSchema } from '../common/text.ts';
import {
  CONSENT_SOURCES,
  LAWFUL_BASES,
  OPT_OUT_CHANNELS,
  OPT_OUT_SOURCES,
  PRIVACY_REQUEST_CHANNELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_TEXTS,
} from './privacy.texts.ts';

/** A person's code (people.id). */
const personCode = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.invalidCode) })
  .regex(/^[1-9]\d{0,14}$/, MESSAGES.invalidCode);

export const PrivacyRequestKindSchema = z.enum(PRIVACY_REQUEST_KINDS, { error: PRIVACY_TEXTS.invalidKind });
export const PrivacyRequestChannelSchema = z.enum(PRIVACY_REQUEST_CHANNELS, {
  error: PRIVACY_TEXTS.invalidChannel,
});
export const PrivacyRequestStatusSchema = z.enum(PRIVACY_REQUEST_STATUSES, {
  error: PRIVACY_TEXTS.invalidStatus,
});
export const LawfulBasisSchema = z.enum(LAWFUL_BASES, { error: PRIVACY_TEXTS.invalidLawfulBasis });
export const ConsentSourceSchema = z.enum(CONSENT_SOURCES);
export const OptOutChannelSchema = z.enum(OPT_OUT_CHANNELS);
export const OptOutSourceSchema = z.enum(OPT_OUT_SOURCES);

/** POST /api/privacy/requests */
export const PrivacyRequestCreateSchema = z.strictObject({
  personCode,
  kind: PrivacyRequestKindSchema,
  channel: PrivacyRequestChannelSchema,
  notes: textSchema().trim().max(2000, PRIVACY_TEXTS.notesTooLong).optional(),
});
export type PrivacyRequestCreate = z.infer<typeof PrivacyRequestCreateSchema>;

/** GET /api/privacy/requests: overdue first, then by due date. */
export const PrivacyRequestsQuerySchema = z.strictObject({
  ...pageQuery(20, 100),
  status: PrivacyRequestStatusSchema.optional(),
});
export type PrivacyRequestsQuery = z.infer<typeof PrivacyRequestsQuerySchema>;

export const PrivacyRequestSchema = z.object({
  code: z.string(),
  personCode: z.string().nullable(),
  personName: z.string(),
  kind: PrivacyRequestKindSchema,
  channel: PrivacyRequestChannelSchema,
  status: PrivacyRequestStatusSchema,
  notes: z.string().nullable(),
  createdAt: z.string(),
  dueAt: z.string(),
  /** whole days until dueAt (negative: overdue); 0 once answered */
  daysLeft: z.number(),
  handledBy: z.object({ name: z.string() }).nullable(),
  handledAt: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;

export const PrivacyRequestPageSchema = z.object({ items: z.array(PrivacyRequestSchema), total: z.number() });
export type PrivacyRequestPage = z.infer<typeof PrivacyRequestPageSchema>;

/** POST /api/privacy/requests/{code}/fulfil?format=json|html (the file of ACCESS and PORTABILITY) */
export const PrivacyFulfilQuerySchema = z.strictObject({
  format: z.enum(['json', 'html'], { error: PRIVACY_TEXTS.invalidFormat }).optional(),
});
export type PrivacyFulfilQuery = z.infer<typeof PrivacyFulfilQuerySchema>;

/** POST /api/people/{code}/consents */
export const PersonConsentCreateSchema = z.strictObject({
  purpose: textSchema({ error: PRIVACY_TEXTS.invalidPurpose })
    .trim()
    .min(1, PRIVACY_TEXTS.invalidPurpose)
    .max(200, PRIVACY_TEXTS.invalidPurpose),
  lawfulBasis: LawfulBasisSchema,
});
export type PersonConsentCreate = z.infer<typeof PersonConsentCreateSchema>;

export const PersonConsentSchema = z.object({
  purpose: z.string(),
  lawfulBasis: LawfulBasisSchema,
  source: ConsentSourceSchema,
  termsHash: z.string().optional(),
  createdAt: z.string(),
  by: z.string().optional(),
});
export type PersonConsent = z.infer<typeof PersonConsentSchema>;

export const PersonOptOutSchema = z.object({
  channel: OptOutChannelSchema,
  at: z.string(),
  source: OptOutSourceSchema,
});
export type PersonOptOut = z.infer<typeof PersonOptOutSchema>;

/** GET /api/people/{code}/privacy */
export const PersonPrivacySchema = z.object({
  consents: z.array(PersonConsentSchema),
  optOuts: z.array(PersonOptOutSchema),
});
export type PersonPrivacy = z.infer<typeof PersonPrivacySchema>;
