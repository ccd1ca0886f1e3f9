import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** A button of the page by its text (role queries over antd's tree are too slow on a busy machine). */
export const button = (name: string, scope: HTMLElement = document.body) => {
  const found = within(scope).getByText(name, { selector: 'button > span' }).closest('button');
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

/** The button once it is usable (not loading, not disabled). */
export async function enabled(name: string) {
  return waitFor(() => {
    const found = button(name);
    expect(found).toBeEnabled();
    expect(found).not.toHaveClass('ant-btn-loading');
    return found;
  });
}
