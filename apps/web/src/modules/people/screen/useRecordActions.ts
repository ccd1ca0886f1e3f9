import type { SegmentType } from '@mandato/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { crmApi } from '../api/crmApi.ts';
import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';
import { isPersonType } from '../api/searchQuery.ts';
import { notifySuccess } from '../notifySuccess.ts';

/** Delete one, delete many, and reload after a change (list and the lists' totals). */
export function useRecordActions(type: SegmentType, clearSelection: () => void) {
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const people = isPersonType(type);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: [people ? 'people' : 'companies', 'search'] });
    void queryClient.invalidateQueries({ queryKey: ['segments'] });
  };

  const removeOne = async (code: number) => {
    try {
      if (people) await crmApi.people.remove(code);
      else await crmApi.companies.remove(code);
      notifySuccess(PEOPLE_TEXTS.removed);
      clearSelection();
      reload();
    } catch {
      // 'Não foi possível remover.' already shown
    }
  };

  const removeMany = (codes: number[]) =>
    modal.confirm({
      title: PEOPLE_TEXTS.confirmRemoveMany(codes.length),
      okText: 'Sim',
      okButtonProps: { danger: true },
      cancelText: 'Não',
      onOk: async () => {
        try {
          if (people) await crmApi.people.removeMany(codes);
          else await crmApi.companies.removeMany(codes);
          notifySuccess(PEOPLE_TEXTS.removedMany);
          clearSelection();
          reload();
        } catch {
          // 'Não foi possível remover os itens selecionados.' already shown
        }
      },
    });

  return { reload, removeOne, removeMany };
}
