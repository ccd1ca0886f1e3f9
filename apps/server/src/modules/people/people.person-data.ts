import { PRIVACY_TEXTS } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PersonDataPart } from '../../platform/person-data.ts';

/*
 * people's part of a person's data (platform/person-data.ts), with its own SQL (the person-data
 * repository of the module): the person's row, the godfather links of their affiliates and the
 * words of their name. Anonymising keeps the row (reports count it) and clears every identifier;
 * deleting removes it, and the foreign keys take the dependent rows with it.
 */

async function nameWordsOf(ctx: TenantContext, personId: string): Promise<string[]> {
  const rows = await ctx.trx
    .selectFrom('person_name_words')
    .select('word')
    .where('person_id', '=', personId)
    .execute();
  return rows.map((r) => r.word);
}

/** The dictionary keeps words no one uses any more (migration 0006): the erased person's go. */
async function forgetUnusedWords(ctx: TenantContext, words: readonly string[]): Promise<void> {
  if (words.length === 0) return;
  await ctx.trx
    .deleteFrom('name_words')
    .where('word', 'in', words)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('person_name_words as pw')
            .select('pw.word')
            .whereRef('pw.tenant_id', '=', 'name_words.tenant_id')
            .whereRef('pw.word', '=', 'name_words.word'),
        ),
      ),
    )
    .execute();
}

export const peoplePersonData: PersonDataPart = {
  module: 'people',
  references: [
    { table: 'people', personColumn: 'godfather_id' },
    {
      table: 'person_name_words',
      personColumn: 'person_id',
      uniqueWith: ['person_id', 'word'],
      derivedFrom: 'people.name',
    },
  ],
  texts: {
    'people.name': 'erased',
    'people.nickname': 'erased',
    'people.email': 'erased',
    'people.cellphone': 'erased',
    'people.phone_two': 'erased',
    'people.cpf': 'erased',
    'people.profession': 'erased',
    'people.zip_code': 'erased',
    'people.street': 'erased',
    'people.number': 'erased',
    'people.complement': 'erased',
    'people.neighborhood': 'erased',
    'people.voting_zone': 'erased',
    'people.voting_section': 'erased',
    'people.notes': 'erased',
    // generated from the phones
    'people.cellphone_reversed': 'erased',
    'people.phone_two_reversed': 'erased',
    // the triggers follow the name
    'person_name_words.word': 'erased',
    // what the reports count an anonymised person by
    'people.gender': 'kept',
    'people.city': 'kept',
    'people.state': 'kept',
    'people.vote': 'kept',
    'people.email_status': 'kept',
    'people.sms_status': 'kept',
    'people.geo_status': 'kept',
    'people.geo_precision': 'kept',
    'people.geo_source': 'kept',
  },

  async collect(ctx, personId) {
    const person = await ctx.trx
      .selectFrom('people as p')
      .leftJoin('people as g', (j) =>
        j.onRef('g.tenant_id', '=', 'p.tenant_id').onRef('g.id', '=', 'p.godfather_id'),
      )
      .select([
        'p.id as code',
        'p.name',
        'p.nickname',
        'p.email',
        'p.cellphone',
        'p.phone_two',
        'p.cpf',
        'p.birth_date',
        'p.gender',
        'p.profession',
        'p.zip_code',
        'p.street',
        'p.number',
        'p.complement',
        'p.neighborhood',
        'p.city',
        'p.state',
        'p.latitude',
        'p.longitude',
        'p.voting_zone',
        'p.voting_section',
        'p.notes',
        'p.vote',
        'p.influence',
        'p.email_status',
        'p.sms_status',
        'p.is_team',
        'p.created_at',
        'p.updated_at',
        'g.name as godfather',
      ])
      .where('p.id', '=', personId)
      .executeTakeFirst();
    const affiliates = await ctx.trx
      .selectFrom('people')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('godfather_id', '=', personId)
      .executeTakeFirstOrThrow();
    return { person: person ?? null, affiliates: Number(affiliates.n) };
  },

  async erase(ctx, personId, mode) {
    const words = await nameWordsOf(ctx, personId);
    if (mode === 'DELETE') {
      await ctx.trx.deleteFrom('people').where('id', '=', personId).execute();
    } else {
      await ctx.trx
        .updateTable('people')
        .set({
          name: PRIVACY_TEXTS.anonymisedName,
          nickname: null,
          email: null,
          cellphone: null,
          phone_two: null,
          cpf: null,
          birth_date: null,
          profession: null,
          zip_code: null,
          street: null,
          number: null,
          complement: null,
          neighborhood: null,
          latitude: null,
          longitude: null,
          voting_zone: null,
          voting_section: null,
          notes: null,
          company_id: null,
          email_status: 'INVALID',
          sms_status: 'INVALID',
        })
        .where('id', '=', personId)
        .execute();
    }
    await forgetUnusedWords(ctx, words);
  },

  async identify(ctx, personId) {
    const row = await ctx.trx
      .selectFrom('people')
      .select(['name', 'email', 'cellphone', 'phone_two'])
      .where('id', '=', personId)
      .executeTakeFirst();
    if (!row) return undefined;
    const present = (values: (string | null)[]) => values.filter((v): v is string => Boolean(v));
    return {
      name: row.name ?? '',
      emails: present([row.email]),
      phones: present([row.cellphone, row.phone_two]),
    };
  },
};
