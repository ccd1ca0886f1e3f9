import {
  AUDIT_SUBJECTS,
  type ConsentSource,
  type LawfulBasis,
  type OptOutChannel,
  type OptOutSource,
  type PersonConsentCreate,
  type PersonPrivacy,
  PRIVACY_REQUEST_DAYS,
  PRIVACY_TEXTS,
  type PrivacyRequest,
  type PrivacyRequestCreate,
  type PrivacyRequestPage,
  type PrivacyRequestsQuery,
  personInitials,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso } from '../../platform/dates.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { visiblePerson } from '../people/people.service.ts';
import { type AccessFile, accessFileHtml } from './access-file.ts';
import { recordAudit } from './audit.service.ts';
import { type PrivacyRequestRow, privacyRepository } from './privacy.repository.ts';
import type { PrivacyKeySource } from './privacy-keys.ts';
import { type SuppressionHash, suppressionHashes } from './suppression-hash.ts';

export type { PrivacyKeySource } from './privacy-keys.ts';
export type { SuppressionHash } from './suppression-hash.ts';

/** A tenant transaction with the app's privacy keys: a request's, or a job's. */
export type PrivacyContext = TenantContext & { app: PrivacyKeySource };

// --- suppression list (people-import, sponsor sign-up, shots freeze)

/** The suppression hashes of some addresses (e-mails, phones), each once; invalid values give none. */
export function suppressionHashesOf(
  app: PrivacyKeySource,
  values: {
    emails?: readonly (string | null | undefined)[];
    phones?: readonly (string | null | undefined)[];
  },
): SuppressionHash[] {
  return suppressionHashes(app.privacyKeys.suppression, values);
}

/** Which of `hashes` are on the tenant's suppression list. */
export function suppressedAmong(
  ctx: TenantContext,
  hashes: readonly SuppressionHash[],
): Promise<SuppressionHash[]> {
  return privacyRepository.suppressedAmong(ctx, hashes);
}

/** Of `addresses` (e-mails or phones), those on the tenant's suppression list. */
export async function suppressedAddresses(
  ctx: PrivacyContext,
  kind: 'EMAIL' | 'PHONE',
  addresses: readonly string[],
): Promise<Set<string>> {
  const hashed = addresses.flatMap((address) => {
    const [h] = suppressionHashesOf(
      ctx.app,
      kind === 'EMAIL' ? { emails: [address] } : { phones: [address] },
    );
    return h ? [{ address, h }] : [];
  });
  const found = await privacyRepository.suppressedAmong(
    ctx,
    hashed.map((x) => x.h),
  );
  const hashes = new Set(found.map((h) => h.hash));
  return new Set(hashed.filter((x) => hashes.has(x.h.hash)).map((x) => x.address));
}

/** Whether the e-mail or the phone belongs to someone anonymised or deleted in this tenant. */
export async function isSuppressed(
  ctx: PrivacyContext,
  address: { email?: string | null; phone?: string | null },
): Promise<boolean> {
  const hashes = suppressionHashesOf(ctx.app, { emails: [address.email], phones: [address.phone] });
  return (await privacyRepository.suppressedAmong(ctx, hashes)).length > 0;
}

// --- consents and opt-outs (sponsor form, imports, shots' unsubscribe and SMS replies, manual)

export function recordConsent(
  ctx: TenantContext,
  consent: {
    personId: string;
    purpose: string;
    lawfulBasis: LawfulBasis;
    source: ConsentSource;
    termsHash?: string | null;
    createdBy?: string | null;
  },
): Promise<void> {
  return privacyRepository.addConsent(ctx, consent);
}

/** The consent of a sign-up through the sponsor form, with the hash of the terms accepted. */
export function recordSponsorConsent(ctx: TenantContext, personId: string, termsHash: string): Promise<void> {
  return privacyRepository.addConsent(ctx, {
    personId,
    purpose: PRIVACY_TEXTS.sponsorPurpose,
    lawfulBasis: 'CONSENT',
    source: 'SPONSOR_FORM',
    termsHash,
  });
}

/** The people's opt-out of a channel (one per person and channel: the first is kept). */
export function recordOptOut(
  ctx: TenantContext,
  optOut: { personIds: readonly string[]; channel: OptOutChannel; source: OptOutSource },
): Promise<void> {
  return privacyRepository.addOptOut(ctx, optOut);
}

/** GET /api/people/{code}/privacy: the consents and opt-outs of a person the caller sees. */
export async function personPrivacy(
  ctx: RequestContext,
  auth: AuthContext,
  code: string,
): Promise<PersonPrivacy> {
  await visiblePerson(ctx, auth, code);
  const [consents, optOuts] = [
    await privacyRepository.consentsOf(ctx, code),
    await privacyRepository.optOutsOf(ctx, code),
  ];
  return {
    consents: consents.map((c) => ({
      purpose: c.purpose,
      lawfulBasis: c.lawful_basis,
      source: c.source,
      ...(c.terms_hash ? { termsHash: c.terms_hash } : {}),
      createdAt: toIso(c.created_at),
      ...(c.by ? { by: c.by } : {}),
    })),
    optOuts: optOuts.map((o) => ({ channel: o.channel, source: o.source, at: toIso(o.at) })),
  };
}

/** POST /api/people/{code}/consents: a consent registered by hand. */
export async function addPersonConsent(
  ctx: RequestContext,
  auth: AuthContext,
  code: string,
  body: PersonConsentCreate,
): Promise<PersonPrivacy> {
  await visiblePerson(ctx, auth, code);
  await privacyRepository.addConsent(ctx, {
    personId: code,
    purpose: body.purpose,
    lawfulBasis: body.lawfulBasis,
    source: 'MANUAL',
    createdBy: auth.user.id,
  });
  return personPrivacy(ctx, auth, code);
}

// --- data-subject requests

const DAY_MS = 86_400_000;

function presentRequest(row: PrivacyRequestRow, now = Date.now()): PrivacyRequest {
  const due = new Date(row.due_at).getTime();
  return {
    code: row.code,
    personCode: row.person_id === null ? null : String(row.person_id),
    personName: row.person_name,
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    notes: row.notes,
    createdAt: toIso(row.created_at),
    dueAt: toIso(row.due_at),
    daysLeft: row.status === 'DONE' ? 0 : Math.ceil((due - now) / DAY_MS),
    handledBy: row.handled_by_name === null ? null : { name: row.handled_by_name },
    handledAt: toIso(row.handled_at),
  };
}

async function requestByCode(ctx: TenantContext, code: string): Promise<PrivacyRequestRow> {
  const row = await privacyRepository.findRequest(ctx, code);
  if (!row) throw notFound(PRIVACY_TEXTS.requestNotFound);
  return row;
}

/** POST /api/privacy/requests */
export async function createRequest(
  ctx: RequestContext,
  auth: AuthContext,
  body: PrivacyRequestCreate,
): Promise<PrivacyRequest> {
  const person = await ctx.app.personData.identify(ctx, body.personCode);
  if (!person) throw notFound(PRIVACY_TEXTS.personNotFound);
  const code = await privacyRepository.createRequest(ctx, {
    personId: body.personCode,
    personName: person.name,
    kind: body.kind,
    channel: body.channel,
    notes: body.notes || null,
    createdBy: auth.user.id,
    dueDays: PRIVACY_REQUEST_DAYS,
  });
  await recordAudit(ctx, {
    action: 'PRIVACY_REQUEST',
    subject: AUDIT_SUBJECTS.privacyRequest(code),
    detail: { kind: body.kind, channel: body.channel, personCode: body.personCode, request: code },
  });
  return presentRequest(await requestByCode(ctx, code));
}

/** GET /api/privacy/requests: overdue first, then by due date. */
export async function listRequests(
  ctx: RequestContext,
  _auth: AuthContext,
  query: PrivacyRequestsQuery,
): Promise<PrivacyRequestPage> {
  const { items, total } = await privacyRepository.listRequests(ctx, query);
  const now = Date.now();
  return { items: items.map((row) => presentRequest(row, now)), total };
}

export type FulfilAnswer =
  | { kind: 'file'; file: AccessFile; fileName: string; format: 'json' | 'html'; body: string }
  | { kind: 'done'; request: PrivacyRequest; filesToRemove: string[] };

/**
 * POST /api/privacy/requests/{code}/fulfil: ACCESS and PORTABILITY answer the file of everything
 * the tenant holds on the person (every module's part); ANONYMISATION and DELETION carry it out in
 * the request's transaction and put the person's e-mails and phones on the suppression list;
 * CORRECTION (made in the person's record) is marked answered. Each is audited.
 */
export async function fulfilRequest(
  ctx: RequestContext,
  auth: AuthContext,
  code: string,
  format: 'json' | 'html' = 'json',
): Promise<FulfilAnswer> {
  const locked = await privacyRepository.lockRequest(ctx, code);
  if (!locked) throw notFound(PRIVACY_TEXTS.requestNotFound);
  const request = await requestByCode(ctx, code);
  const erasing = request.kind === 'ANONYMISATION' || request.kind === 'DELETION';
  if (erasing && request.status === 'DONE') throw conflict(PRIVACY_TEXTS.alreadyDone);
  const personId = request.person_id === null ? null : String(request.person_id);
  const person = personId === null ? undefined : await ctx.app.personData.identify(ctx, personId);
  if ((request.kind !== 'CORRECTION' && !person) || personId === null) {
    throw notFound(PRIVACY_TEXTS.personNotFound);
  }
  await privacyRepository.markDone(ctx, locked.id, auth.user.id);
  await recordAudit(ctx, {
    action: 'PRIVACY_FULFIL',
    subject: AUDIT_SUBJECTS.privacyRequest(request.code),
    detail: { kind: request.kind, personCode: personId, request: request.code },
  });
  if (request.kind === 'ACCESS' || request.kind === 'PORTABILITY') {
    const file = await collectAccessFile(ctx, personId, code);
    const body = format === 'html' ? accessFileHtml(file) : JSON.stringify(file, null, 2);
    return { kind: 'file', file, format, body, fileName: `dados-titular-${personId}.${format}` };
  }
  const filesToRemove: string[] = [];
  if (erasing && person) {
    const mode = request.kind === 'DELETION' ? 'DELETE' : 'ANONYMISE';
    if (mode === 'DELETE') filesToRemove.push(...(await storedFilesOf(ctx, personId)));
    await erasePerson(ctx, personId, person, mode);
  }
  return { kind: 'done', request: presentRequest(await requestByCode(ctx, code)), filesToRemove };
}

async function storedFilesOf(ctx: RequestContext, personId: string): Promise<string[]> {
  const keys: string[] = [];
  for (const part of ctx.app.personData.parts())
    if (part.filesOf) keys.push(...(await part.filesOf(ctx, personId)));
  return keys;
}

/** After a deletion committed: its files leave the storage (no storage call while the transaction is open). */
export async function removeStoredFiles(
  app: Pick<AppContext, 'files' | 'log'>,
  keys: readonly string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await app.files.delete(key);
    } catch (error) {
      app.log.warn({ err: error, key }, 'privacy: stored file of a deleted person not removed');
    }
  }
}

async function collectAccessFile(
  ctx: RequestContext,
  personId: string,
  requestCode: string,
): Promise<AccessFile> {
  const sections: AccessFile['sections'] = [];
  // the person's own record first, then the modules in the registry's order
  const parts = [...ctx.app.personData.parts()].sort(
    (a, b) => Number(b.module === 'people') - Number(a.module === 'people'),
  );
  for (const part of parts) {
    sections.push({ module: part.module, data: await part.collect(ctx, personId) });
  }
  return { generatedAt: new Date().toISOString(), request: requestCode, personCode: personId, sections };
}

async function erasePerson(
  ctx: RequestContext,
  personId: string,
  person: { name: string; emails: readonly string[]; phones: readonly string[] },
  mode: 'ANONYMISE' | 'DELETE',
): Promise<void> {
  await privacyRepository.addSuppressions(ctx, suppressionHashesOf(ctx.app, person));
  await privacyRepository.freezeRequestNames(ctx, personId, personInitials(person.name));
  // dependent rows first, the person's own row last (person-data-parts.ts keeps that order)
  for (const part of ctx.app.personData.parts()) await part.erase(ctx, personId, mode);
}
