import { PEOPLE_PAGE_SIZE } from '@mandato/domain';
import type { TablePaginationConfig } from 'antd';
import { footerText } from './footerText.ts';
import './list.css';

/** Small pagination at the bottom, 50 a page, with the spec's footer text. */
export function tablePagination(page: number, total: number): TablePaginationConfig {
  return {
    current: page,
    pageSize: PEOPLE_PAGE_SIZE,
    total,
    size: 'small',
    position: ['bottomRight'],
    showSizeChanger: false,
    showTotal: () => <span data-testid="list-footer">{footerText(total, page, PEOPLE_PAGE_SIZE)}</span>,
  };
}

/** Small pagination of a history or log table: fixed page size, hidden when one page holds all. */
export function historyPagination(
  page: number,
  pageSize: number,
  total: number,
  onChange: (page: number) => void,
): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    size: 'small',
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange,
  };
}
