import type { PersonDataPart } from '../../platform/person-data.ts';

/* people-import's part of a person's data (platform/person-data.ts), with its own SQL: the imports whose rows touched the person (file, date, line, message). */
export const peopleImportPersonData: PersonDataPart = {
  module: 'people-import',
  references: [{ table: 'import_errors', personColumn: 'person_id' }],
  texts: { 'import_errors.message': 'kept' },
  async collect(ctx, personId) {
    const rows = await ctx.trx
      .selectFrom('import_errors as e')
      .innerJoin('imports as i', (j) =>
        j.onRef('i.tenant_id', '=', 'e.tenant_id').onRef('i.id', '=', 'e.import_id'),
      )
      .select(['i.file_name', 'i.created_at', 'e.line', 'e.message'])
      .where('e.person_id', '=', personId)
      .orderBy('i.created_at')
      .orderBy('e.line')
      .execute();
    return { importLines: rows };
  },
  async erase(ctx, personId, mode) {
    // the line's message names the column and the rule, never the value: the line stays for the import's counts
    if (mode === 'DELETE') {
      await ctx.trx
        .updateTable('import_errors')
        .set({ person_id: null })
        .where('person_id', '=', personId)
        .execute();
    }
  },
};
