import type { PersonDataPart } from '../../platform/person-data.ts';
import { mergeRepository } from './merge.repository.ts';

/**
 * people-merge's part of a person's data (platform/person-data.ts). person_merges keeps, for 30
 * days, the whole records merged into a survivor (no person column: ids are plain values), so the
 * access file shows them and an anonymisation or deletion of either person drops the merges that
 * kept their data (the undo is then gone; the audit log keeps that the merge happened).
 */
export const peopleMergePersonData: PersonDataPart = {
  module: 'people-merge',
  references: [],
  async collect(ctx, personId) {
    const merges = await mergeRepository.mergesOf(ctx, personId);
    return {
      merges: merges.map((m) => ({
        code: String(m.code),
        at: m.created_at,
        mergedCodes: m.merged_ids.map(String),
        undone: m.undone_at !== null,
        mergedRecords: m.merged_rows,
      })),
    };
  },
  async erase(ctx, personId) {
    await mergeRepository.forgetPerson(ctx, personId);
  },
};
