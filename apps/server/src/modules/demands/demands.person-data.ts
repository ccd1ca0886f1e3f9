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
