import type { ImportRow } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { peopleRepository } from './people.repository.ts';
import { importPeopleBatch } from './people-bulk.ts';

/** The public sponsor sign-up (issues 13, 25), for the sponsor module: it never changes an existing record. */

type SignUpRow = Omit<ImportRow, 'line' | 'code' | 'godfather'>;

/**
 * A public sign-up through a sponsor link, written only when it is a new contact: the row goes in
 * as an import row that skips a duplicate (same e-mail, else CPF), so an existing contact is read,
 * never written; a new one is linked to the godfather. Answers the person and whether it is new.
 */
export async function signUpNewPerson(
  ctx: TenantContext,
  row: SignUpRow,
  createdBy: string | null,
  godfatherId: string | null,
): Promise<{ personId: string; created: boolean } | undefined> {
  const [outcome] = await importPeopleBatch(ctx, {
    rows: [{ ...row, line: 1 }],
    behavior: 'SKIP',
    isTeam: false,
    importerId: createdBy,
    ownerOnly: false,
  });
  const personId = outcome?.personId;
  if (!personId) return undefined;
  const created = outcome.status === 'success';
  if (created && godfatherId) await peopleRepository.update(ctx, personId, { godfather_id: godfatherId });
  return { personId, created };
}

/**
 * A team user's confirmation of a waiting public sign-up: merged into that contact as an import row
 * with 'Atualizar quando vazio' (blank fields filled, nothing overwritten); the godfather is linked
 * when the contact has none (and is not themself). False when the contact is no longer one.
 */
export async function mergeSignUpInto(
  ctx: TenantContext,
  personId: string,
  row: SignUpRow,
  godfatherId: string | null,
  userId: string,
): Promise<boolean> {
  const [outcome] = await importPeopleBatch(ctx, {
    rows: [{ ...row, code: personId, line: 1 }],
    behavior: 'UPDATE_BLANK',
    isTeam: false,
    importerId: userId,
    ownerOnly: false,
  });
  if (outcome?.status !== 'success' || outcome.personId !== personId) return false;
  const [person] = await peopleRepository.findByIds(ctx, [personId]);
  if (godfatherId && person && person.godfather_id === null && personId !== godfatherId)
    await peopleRepository.update(ctx, personId, { godfather_id: godfatherId });
  return true;
}
