import type { SegmentType } from '@mandato/domain';
import { App } from 'antd';
import { RECORD_TEXTS } from '../../../platform/ui/recordTexts.ts';
import { useRemoveCompanies, useRemoveCompany } from '../../companies/hooks/useCompanyMutations.ts';
import { isPersonType } from '../../segments/segmentTypes.ts';
import { useRemovePeople, useRemovePerson } from '../hooks/usePeopleMutations.ts';

/** Delete one and delete many of the list's type; the writes reload the list and the lists' totals. */
export function useRecordActions(type: SegmentType, clearSelection: () => void) {
  const { modal } = App.useApp();
  const people = isPersonType(type);
  const removePerson = useRemovePerson();
  const removeCompany = useRemoveCompany();
  const removePeople = useRemovePeople();
  const removeCompanies = useRemoveCompanies();

  const removeOne = async (code: number) => {
    try {
      if (people) await removePerson.mutateAsync(code);
      else await removeCompany.mutateAsync(code);
      clearSelection();
    } catch {
      // 'Não foi possível remover.' already shown
    }
  };

  const removeMany = (codes: number[]) =>
    modal.confirm({
      title: RECORD_TEXTS.confirmRemoveMany(codes.length),
      okText: 'Sim',
      okButtonProps: { danger: true },
      cancelText: 'Não',
      onOk: async () => {
        try {
          if (people) await removePeople.mutateAsync(codes);
          else await removeCompanies.mutateAsync(codes);
          clearSelection();
        } catch {
          // 'Não foi possível remover os itens selecionados.' already shown
        }
      },
    });

  return { removeOne, removeMany };
}
