import {
  type SponsorFormSave,
  SponsorFormSaveSchema,
  sponsorGreeting,
  sponsorLinkSlug,
} from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { sanitizeRichText } from '../../platform/html/sanitize-html.ts';
import { firstPerson, sponsorRepository } from './sponsor.repository.ts';
import { termsHash } from './sponsor.service.ts';

/**
 * Operator path (demo seed), in the caller's tenant transaction: the sponsor form as given
 * (validated and sanitised like the settings screen) and a link with a fixed number for the first
 * person, so the README can point at it. Answers the link code, if a person exists.
 */
export async function seedSponsorForm(
  ctx: TenantContext,
  form: SponsorFormSave,
  userId: string,
  linkNumber: number,
): Promise<string | undefined> {
  const body = SponsorFormSaveSchema.parse(form);
  const terms = sanitizeRichText(body.terms);
  await sponsorRepository.saveForm(ctx, { ...body, terms, termsHash: termsHash(terms) }, userId);
  const person = await firstPerson(ctx);
  if (!person) return undefined;
  const existing = await sponsorRepository.linkOfPerson(ctx, person.id);
  if (existing) return existing.code;
  const code = `${sponsorLinkSlug(person.name)}-${linkNumber}`;
  await sponsorRepository.insertLink(ctx, {
    personId: person.id,
    code,
    greeting: sponsorGreeting(person.name),
    createdBy: userId,
  });
  return code;
}
