import type { PersonDataPart } from '../../platform/person-data.ts';

/* companies' part of a person's data (platform/person-data.ts), with its own SQL: the companies whose main contact is the person. */
export const companiesPersonData: PersonDataPart = {
  module: 'companies',
  references: [{ table: 'companies', personColumn: 'main_contact_id' }],
  // the company's own data: erasing only unlinks the main contact
  texts: {
    'companies.name': 'kept',
    'companies.cnpj': 'kept',
    'companies.email': 'kept',
    'companies.phone': 'kept',
    'companies.zip_code': 'kept',
    'companies.street': 'kept',
    'companies.number': 'kept',
    'companies.complement': 'kept',
    'companies.neighborhood': 'kept',
    'companies.city': 'kept',
    'companies.state': 'kept',
    'companies.geo_status': 'kept',
    'companies.geo_precision': 'kept',
    'companies.geo_source': 'kept',
  },
  async collect(ctx, personId) {
    const rows = await ctx.trx
      .selectFrom('companies')
      .select(['id as code', 'name'])
      .where('main_contact_id', '=', personId)
      .orderBy('name')
      .execute();
    return { mainContactOf: rows };
  },
  async erase(ctx, personId) {
    await ctx.trx
      .updateTable('companies')
      .set({ main_contact_id: null })
      .where('main_contact_id', '=', personId)
      .execute();
  },
};
