import type { Person } from '@mandato/domain';
import { asListAnswer } from '../../../platform/ui/listAnswer.ts';
import { CompanyCards } from '../../companies/list/CompanyCards.tsx';
import { CompanyTable } from '../../companies/list/CompanyTable.tsx';
import { PeopleCards } from '../list/PeopleCards.tsx';
import { PeopleTable } from '../list/PeopleTable.tsx';
import type { ScreenAction, ScreenState } from './screenState.ts';
import type { useRecordsList } from './useRecordsList.ts';

/** Table on wide screens, cards below 768 px; people or voting places by the list's type. */
export function RecordsView({
  state,
  dispatch,
  lists,
  mobile,
  onEdit,
  onDelete,
  onPermissions,
}: {
  state: ScreenState;
  dispatch: (action: ScreenAction) => void;
  lists: ReturnType<typeof useRecordsList>;
  mobile: boolean;
  onEdit: (code: number) => void;
  onDelete: (code: number) => Promise<void>;
  onPermissions: (person: Person) => void;
}) {
  const common = {
    loading: false,
    page: state.page,
    ordering: state.ordering,
    selected: state.selected,
    onSelect: (selected: number[]) => dispatch({ kind: 'setSelected', selected }),
    onPage: (page: number) => dispatch({ kind: 'setPage', page }),
    onOrdering: (ordering: ScreenState['ordering']) => dispatch({ kind: 'setOrdering', ordering }),
    onEdit: (row: { code: number }) => onEdit(row.code),
    onDelete: (row: { code: number }) => onDelete(row.code),
  };
  if (state.type === 'COMPANY') {
    const answer = asListAnswer(lists.companies.data);
    const props = { ...common, rows: answer.list, total: answer.total, loading: lists.companies.isFetching };
    return mobile ? <CompanyCards {...props} /> : <CompanyTable {...props} />;
  }
  const answer = asListAnswer(lists.people.data);
  const props = {
    ...common,
    rows: answer.list,
    total: answer.total,
    loading: lists.people.isFetching,
    onPermissions: state.type === 'TEAM' ? onPermissions : undefined,
  };
  return mobile ? <PeopleCards {...props} /> : <PeopleTable {...props} />;
}
