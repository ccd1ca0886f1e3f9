import { PEOPLE_PAGE_SIZE } from '@mandato/domain';
import { Pagination } from 'antd';
import { footerText } from './footerText.ts';
import './list.css';

/** The card list's footer: the total text and small pagination at the bottom. */
export function CardListFooter({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className="card-list__footer">
      <span data-testid="list-footer">{footerText(total, page, PEOPLE_PAGE_SIZE)}</span>
      <Pagination
        size="small"
        current={page}
        pageSize={PEOPLE_PAGE_SIZE}
        total={total}
        showSizeChanger={false}
        onChange={onPage}
      />
    </div>
  );
}
