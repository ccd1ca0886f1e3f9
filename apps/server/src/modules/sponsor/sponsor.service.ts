import { createHash, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  fieldErrors,
  hasControlCharacters,
  isSponsorLinkId,
  type ListAnswer,
  MESSAGES,
  type PageQuery,
  type PersonSponsor,
  richTextHasContent,
  SPONSOR_FIELD_LABELS,
  SPONSOR_HONEYPOT,
  SPONSOR_LIMITS,
  SPONSOR_MESSAGES,
  type SponsorFormConfig,
  type SponsorFormSave,
  type SponsorLink,
  type SponsorPendingSignUp,
  type SponsorPublicForm,
  type SponsorSignUpAnswer,
  type SponsorSignUpValues,
  sponsorGreeting,
  sponsorLinkPath,
  sponsorLinkSlug,
  sponsorSignUpSchema,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantRecord } from '../../platform/auth/identity.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../platform/http/errors.ts';
import { type RecordedUpload, readRecordedUpload } from '../../platform/storage/replace-upload.ts';
import type { StoredFile } from '../../platform/storage/storage.ts';
import { peopleVisibility } from '../people/people.policy.ts';
import { countContacts, visiblePerson } from '../people/people.service.ts';
import { visiblePeopleNames } from '../people/people-names.lookup.ts';
import { mergeSignUpInto, signUpNewPerson } from '../people/sign-up.lookup.ts';
import { isSuppressed, recordSponsorConsent } from '../privacy/privacy.service.ts';
import { type PendingSignUpRow, type SponsorFormRow, sponsorRepository } from './sponsor.repository.ts';

export const termsHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const EMPTY_TERMS_HASH = termsHash('');
const pageNotFound = () => notFound(MESSAGES.notFoundPage);

function presentConfig(form: SponsorFormRow | undefined): SponsorFormConfig {
  return {
    title: form?.title ?? '',
    description: form?.description ?? '',
    terms: form?.terms ?? '',
    fields: form?.fields ?? [],
    termsVersion: form?.termsHash ?? '',
    faviconUrl: form?.faviconUrl ?? null,
  };
}

// --- settings: sys-admin/parameter/godfather-form (ROLE_CONFIG)

export async function readFormConfig(ctx: RequestContext, _auth: AuthContext): Promise<SponsorFormConfig> {
  return presentConfig(await sponsorRepository.form(ctx));
}

/** Saves the form; its terms come sanitised (the route's untrusted pool), then are stored and hashed. */
export async function saveFormConfig(
  ctx: RequestContext,
  auth: AuthContext,
  body: SponsorFormSave,
): Promise<SponsorFormConfig> {
  const { terms } = body;
  if (!richTextHasContent(terms))
    throw badRequest(SPONSOR_MESSAGES.configRequired, { terms: [SPONSOR_MESSAGES.configRequired] });
  await sponsorRepository.saveForm(
    ctx,
    {
      title: body.title,
      description: body.description,
      terms,
      termsHash: termsHash(terms),
      fields: body.fields,
    },
    auth.user.id,
  );
  return presentConfig(await sponsorRepository.form(ctx));
}

/**
 * Points the form at a stored favicon, or at none (`null`); a favicon before the first save makes
 * an empty form. Answers the key of the favicon it replaces, for the caller to remove once committed.
 */
export function recordFavicon(
  ctx: RequestContext,
  auth: AuthContext,
  favicon: RecordedUpload | null,
): Promise<string | null> {
  return sponsorRepository.setFavicon(ctx, favicon, EMPTY_TERMS_HASH, auth.user.id);
}

/** The favicon of an active tenant's sponsor form, as stored (public: the sign-up page shows it). */
export async function readFavicon(
  app: AppContext,
  slug: string,
): Promise<StoredFile & { extension: string }> {
  const tenant = await app.identity.tenantBySlug(slug);
  if (!tenant?.active) throw notFound(SPONSOR_MESSAGES.faviconNotFound);
  const form = await withTenant(app.db, tenant.id, (ctx) => sponsorRepository.form(ctx));
  const file = await readRecordedUpload(
    app.files,
    form?.faviconKey && form.faviconType ? { key: form.faviconKey, type: form.faviconType } : undefined,
  );
  if (!file) throw notFound(SPONSOR_MESSAGES.faviconNotFound);
  return file;
}

// --- a person's link (POST /people/godfather/{id}/invite) and the drawer's evidence

const presentLink = (tenantSlug: string, code: string): SponsorLink => ({
  code,
  path: sponsorLinkPath(tenantSlug, code),
});

/** A new link code: slug of the first name, a dash and 6 random digits. */
const newLinkCode = (name: string | null) => `${sponsorLinkSlug(name)}-${randomInt(100_000, 1_000_000)}`;

/**
 * A link of the person, created on first use. `match: 'any'` answers the person's first link (the
 * drawer's); `'greeting'` their first link that greets with this name's first name (a sign-up: the
 * answer carries only what was typed).
 */
async function ensureLink(
  ctx: TenantContext,
  personId: string,
  name: string | null,
  createdBy: string | null,
  match: 'any' | 'greeting',
): Promise<string> {
  const greeting = sponsorGreeting(name);
  for (let attempt = 0; attempt < 8; attempt++) {
    const existing = await sponsorRepository.linkOfPerson(
      ctx,
      personId,
      match === 'greeting' ? greeting : undefined,
    );
    if (existing) return existing.code;
    const code = newLinkCode(name);
    if (await sponsorRepository.insertLink(ctx, { personId, code, greeting, createdBy })) return code;
  }
  throw new AppError(409, SPONSOR_MESSAGES.linkError);
}

export async function createPersonLink(
  ctx: RequestContext,
  auth: AuthContext,
  personId: string,
): Promise<SponsorLink> {
  const person = await visiblePerson(ctx, auth, personId);
  const code = await ensureLink(ctx, personId, person.name, auth.user.id, 'any');
  return presentLink(auth.tenant.slug, code);
}

export async function personSponsor(
  ctx: RequestContext,
  auth: AuthContext,
  personId: string,
): Promise<PersonSponsor> {
  await visiblePerson(ctx, auth, personId);
  const link = await sponsorRepository.linkOfPerson(ctx, personId);
  const consents = await sponsorRepository.consentsOf(ctx, personId);
  const godfathers = consents.flatMap((c) => (c.godfatherId ? [c.godfatherId] : []));
  const names = new Map(
    (await visiblePeopleNames(ctx, peopleVisibility(auth), godfathers)).map((p) => [p.id, p.name]),
  );
  return {
    link: link ? presentLink(auth.tenant.slug, link.code) : null,
    consents: consents.map((c) => ({
      acceptedAt: c.acceptedAt.toISOString(),
      termsVersion: c.termsHash,
      ip: c.ip,
      userAgent: c.userAgent,
      // a godfather the caller does not see keeps its code, not its name
      godfather: c.godfatherId ? { code: Number(c.godfatherId), name: names.get(c.godfatherId) ?? '' } : null,
    })),
  };
}

// --- the public page: no session; each call opens its own tenant transaction (RLS still applies)

export interface Visitor {
  ip: string;
  userAgent: string;
}

/** The active tenant of the page's slug and a well-formed link id, else the 404 page. */
async function publicTenant(app: AppContext, slug: string, code: string): Promise<TenantRecord> {
  if (!isSponsorLinkId(code)) throw pageNotFound();
  const tenant = await app.identity.tenantBySlug(slug);
  if (!tenant?.active) throw pageNotFound();
  return tenant;
}

/**
 * A form shows when it has fields and terms; the link must exist: a person's, or the one answered
 * to a sign-up that waits for a team user (it opens the same page, as no one's link yet).
 */
async function openForm(ctx: TenantContext, code: string) {
  const form = await sponsorRepository.form(ctx);
  if (!form || form.fields.length === 0 || !form.terms) throw pageNotFound();
  const link = await sponsorRepository.publicLink(ctx, code);
  if (!link) throw pageNotFound();
  return { form, link };
}

/** GET /people/godfather-form/{id}: spec 1 §3 "Sponsor subscription response". */
export async function publicForm(app: AppContext, slug: string, code: string): Promise<SponsorPublicForm> {
  const tenant = await publicTenant(app, slug, code);
  return withTenant(app.db, tenant.id, async (ctx) => {
    const { form, link } = await openForm(ctx, code);
    return {
      // the first name the link was made with, not read from the person (sponsor_links.greeting)
      godfather: { code: link.code, name: link.greeting },
      formConfig: {
        title: form.title,
        description: form.description,
        favicon: form.faviconUrl,
        fields: form.fields.map((f) => ({ ...f, label: SPONSOR_FIELD_LABELS[f.name] })),
      },
      terms: form.terms,
      termsVersion: form.termsHash,
    };
  });
}

const cleanUserAgent = (value: string | undefined) =>
  hasControlCharacters(value ?? '') ? '' : (value ?? '').slice(0, 512);

/**
 * POST /people/godfather-form/{id}: a visitor signs up through a sponsor's link (limited per IP
 * and per link on the route); validated against the tenant's configuration. A new person (no
 * contact with the e-mail, else the CPF, as the import) is created, linked to the godfather,
 * their consent stored and their own link answered. A public form never changes an existing
 * record: a match writes nothing of the contact's and waits in sponsor_pending_signups for a
 * team user, answered with a link code reserved for it (the same shape; it becomes the contact's
 * link when confirmed). A filled honeypot answers a success of the same shape and writes nothing.
 */
export async function publicSignUp(
  app: AppContext,
  slug: string,
  code: string,
  body: Record<string, unknown>,
  visitor: Visitor,
): Promise<SponsorSignUpAnswer> {
  const arrived = performance.now();
  const tenant = await publicTenant(app, slug, code);
  const answer = await withTenant(app.db, tenant.id, async (tctx) => {
    const { form, link } = await openForm(tctx, code);
    const parsed = sponsorSignUpSchema(form.fields).safeParse(body);
    if (!parsed.success) throw badRequest(SPONSOR_MESSAGES.fillRequired, fieldErrors(parsed.error.issues));
    const values: SponsorSignUpValues = parsed.data;
    if (values.termsVersion !== form.termsHash)
      throw conflict(SPONSOR_MESSAGES.termsChanged, { termsVersion: [SPONSOR_MESSAGES.termsChanged] });
    const name = values.name ?? null;
    if ((body[SPONSOR_HONEYPOT] as string | undefined)?.trim()) {
      // a bot: the same answer a person gets, nothing written
      const fake = newLinkCode(name);
      return { name, link: presentLink(tenant.slug, fake) };
    }
    if (tenant.planTotalContacts && (await countContacts(tctx)) >= tenant.planTotalContacts)
      throw new AppError(409, SPONSOR_MESSAGES.unavailable);
    // checked before the match: a full link refuses everyone alike
    if ((await sponsorRepository.pendingCountOfLink(tctx, link.code)) >= SPONSOR_LIMITS.pendingPerLink)
      throw tooManyRequests(SPONSOR_MESSAGES.tooMany);
    const { acceptedTerms: _a, termsVersion: _t, website: _w, ...fields } = values;
    // someone anonymised or deleted at their request is not brought back: the same answer, nothing written
    if (await isSuppressed({ ...tctx, app }, { email: fields.email, phone: fields.cellphone }))
      return { name, link: presentLink(tenant.slug, newLinkCode(name)) };
    const signedUp = await signUpNewPerson(tctx, fields, link.createdBy, link.godfatherId);
    if (!signedUp) throw badRequest(SPONSOR_MESSAGES.signUpFailed);
    const evidence = {
      godfatherId: link.godfatherId,
      linkCode: link.code,
      termsHash: form.termsHash,
      ip: visitor.ip,
      userAgent: cleanUserAgent(visitor.userAgent),
    };
    if (!signedUp.created) {
      const reserved = await reservePending(tctx, name, {
        ...evidence,
        personId: signedUp.personId,
        createdBy: link.createdBy,
        fields: fields as Record<string, string>,
      });
      return { name, link: presentLink(tenant.slug, reserved) };
    }
    await sponsorRepository.insertConsent(tctx, { ...evidence, personId: signedUp.personId });
    await recordSponsorConsent(tctx, signedUp.personId, form.termsHash);
    const own = await ensureLink(tctx, signedUp.personId, name, link.createdBy, 'greeting');
    return { name, link: presentLink(tenant.slug, own) };
  });
  // after the commit: a new person, a waiting sign-up and a bot all answer after the same floor
  const left = arrived + app.config.sponsorSignUpMinMs - performance.now();
  if (left > 0) await sleep(left);
  return answer;
}

/** Stores a waiting sign-up under a new link code (slug of the typed first name); answers the code. */
async function reservePending(
  ctx: TenantContext,
  name: string | null,
  pending: Omit<PendingSignUpRow, 'id' | 'personName' | 'receivedAt' | 'code' | 'greeting'>,
): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = newLinkCode(name);
    if (await sponsorRepository.insertPending(ctx, { ...pending, code, greeting: sponsorGreeting(name) }))
      return code;
  }
  throw new AppError(409, SPONSOR_MESSAGES.linkError);
}

// --- sign-ups of existing contacts waiting for review (people › Cadastros pendentes, ROLE_CRM)

/** GET /people/sponsor-sign-ups: the waiting sign-ups of contacts the caller sees, oldest first. */
export async function listPendingSignUps(
  ctx: RequestContext,
  auth: AuthContext,
  page: PageQuery,
): Promise<ListAnswer<SponsorPendingSignUp>> {
  const vis = peopleVisibility(auth);
  const { rows, total } = await sponsorRepository.pendingPage(ctx, vis, page);
  const godfathers = rows.flatMap((r) => (r.godfatherId ? [r.godfatherId] : []));
  const names = new Map((await visiblePeopleNames(ctx, vis, godfathers)).map((p) => [p.id, p.name]));
  return {
    total,
    list: rows.map((r) => ({
      id: Number(r.id),
      receivedAt: r.receivedAt.toISOString(),
      values: r.fields,
      person: { code: Number(r.personId), name: r.personName },
      godfather: r.godfatherId ? { code: Number(r.godfatherId), name: names.get(r.godfatherId) ?? '' } : null,
      linkCode: r.linkCode,
      ip: r.ip,
      userAgent: r.userAgent,
    })),
  };
}

/** A waiting sign-up of a contact the caller sees (else 404, whether it exists or not), locked. */
async function visiblePending(ctx: RequestContext, auth: AuthContext, id: string) {
  const pending = await sponsorRepository.pendingVisible(ctx, peopleVisibility(auth), id);
  if (!pending) throw notFound(SPONSOR_MESSAGES.pendingNotFound);
  return pending;
}

/**
 * POST /people/sponsor-sign-ups/{id}/confirm: merged into the contact as a public sign-up was before
 * (blank fields filled, godfather set if none), the consent recorded with the evidence of when it
 * arrived, and the link the visitor was answered made the contact's own.
 */
export async function confirmPendingSignUp(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
): Promise<{ personCode: number }> {
  const pending = await visiblePending(ctx, auth, id);
  await sponsorRepository.deletePending(ctx, id);
  const { personId } = pending;
  // the fields were validated by the form's schema when they arrived
  const fields = pending.fields as Parameters<typeof mergeSignUpInto>[2];
  if (!(await mergeSignUpInto(ctx, personId, fields, pending.godfatherId, auth.user.id)))
    throw notFound(SPONSOR_MESSAGES.pendingNotFound);
  await sponsorRepository.insertConsent(ctx, {
    personId,
    godfatherId: pending.godfatherId,
    linkCode: pending.linkCode,
    termsHash: pending.termsHash,
    ip: pending.ip,
    userAgent: pending.userAgent,
    acceptedAt: pending.receivedAt,
  });
  await recordSponsorConsent(ctx, personId, pending.termsHash);
  await sponsorRepository.insertLink(ctx, {
    personId,
    code: pending.code,
    greeting: pending.greeting,
    createdBy: pending.createdBy,
  });
  return { personCode: Number(personId) };
}

/** POST /people/sponsor-sign-ups/{id}/discard: dropped; the contact was never touched. */
export async function discardPendingSignUp(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
): Promise<{ id: number }> {
  await visiblePending(ctx, auth, id);
  await sponsorRepository.deletePending(ctx, id);
  return { id: Number(id) };
}
