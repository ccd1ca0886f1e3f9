import { PRIVACY_TEXTS } from '@mandato/domain';
import type { PersonDataPart } from '../../platform/person-data.ts';

/*
 * demands' part of a person's data (platform/person-data.ts), with its own SQL: the demands the
 * person applied for, their files and status history. Anonymising keeps the demands (their counts)
 * and replaces their descriptions and files' names; deleting removes them (the foreign key), and
 * the files are removed from storage after the commit (filesOf).
 */
export const demandsPersonData: PersonDataPart = {
  module: 'demands',
  references: [{ table: 'demands', personColumn: 'applicant_id' }],
  texts: {
    'demands.description': 'erased',
    'demand_files.original_name': 'erased',
    // the office's title and the statuses stay with an anonymised person's demands (their counts)
    'demands.title': 'kept',
    'demands.status': 'kept',
    // random names (storage_key: the stored file, removed only by a deletion)
    'demand_files.storage_key': 'kept',
    'demand_files.name': 'kept',
    'demand_files.file_type': 'kept',
    'demand_files.content_type': 'kept',
    // the history: statuses and the user who changed them
    'demand_status_changes.from_status': 'kept',
    'demand_status_changes.to_status': 'kept',
    'demand_status_changes.changed_by_name': 'kept',
  },
  async collect(ctx, personId) {
    const demands = await ctx.trx
      .selectFrom('demands')
      .select(['id', 'code', 'title', 'description', 'status', 'created_at'])
      .where('applicant_id', '=', personId)
      .orderBy('code')
      .execute();
    const ids = demands.map((d) => d.id);
    const files =
      ids.length === 0
        ? []
        : await ctx.trx
            .selectFrom('demand_files')
            .select(['demand_id', 'original_name', 'content_type', 'size', 'created_at'])
            .where('demand_id', 'in', ids)
            .orderBy('id')
            .execute();
    return {
      demands: demands.map(({ id, ...demand }) => ({
        ...demand,
        files: files.filter((f) => String(f.demand_id) === String(id)).map(({ demand_id: _, ...f }) => f),
      })),
    };
  },
  async erase(ctx, personId, mode) {
    if (mode === 'DELETE') {
      await ctx.trx.deleteFrom('demands').where('applicant_id', '=', personId).execute();
      return;
    }
    await ctx.trx
      .updateTable('demands')
      .set({ description: PRIVACY_TEXTS.anonymisedText })
      .where('applicant_id', '=', personId)
      .where('description', 'is not', null)
      .execute();
    await ctx.trx
      .updateTable('demand_files')
      .set({ original_name: PRIVACY_TEXTS.anonymisedText })
      .where('demand_id', 'in', (eb) =>
        eb.selectFrom('demands').select('id').where('applicant_id', '=', personId),
      )
      .execute();
  },
  async filesOf(ctx, personId) {
    const rows = await ctx.trx
      .selectFrom('demand_files')
      .select('storage_key')
      .where('demand_id', 'in', (eb) =>
        eb.selectFrom('demands').select('id').where('applicant_id', '=', personId),
      )
      .execute();
    return rows.map((r) => r.storage_key);
  },
};
