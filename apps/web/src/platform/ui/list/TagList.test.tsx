import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/renderWithApp.tsx';
import { TagList } from './TagList.tsx';

const tags = (...names: string[]) => names.map((name, i) => ({ code: i + 1, name }));
const FIVE = tags('Esporte', 'Saúde', 'Educação', 'Juventude', 'Liderança comunitária');
const ALL = 'Esporte, Saúde, Educação, Juventude, Liderança comunitária';

describe('TagList', { timeout: 60_000 }, () => {
  it('shows three tags and "+n"; the "+n" is a tab stop whose focus shows every tag', async () => {
    renderWithApp(<TagList tags={FIVE} />);
    expect(screen.queryByText('Juventude')).not.toBeInTheDocument();

    await userEvent.tab();
    const more = screen.getByRole('button', { name: `+2 (todas as tags: ${ALL})` });
    expect(more).toHaveFocus();
    expect(more).toHaveTextContent('+2');
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ALL);
  });

  it('the pointer resting on "+n" shows every tag too', async () => {
    renderWithApp(<TagList tags={FIVE} />);
    await userEvent.hover(screen.getByText('+2'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ALL);
  });

  it('a list shown whole is no tab stop and has no tooltip', async () => {
    renderWithApp(<TagList tags={tags('Esporte', 'Saúde', 'Educação')} />);
    expect(screen.getByText('Educação')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(document.body).toHaveFocus();
  });

  it('no tags, nothing drawn', () => {
    const { container } = renderWithApp(<TagList tags={[]} />);
    expect(container.querySelector('.ant-tag')).toBeNull();
  });
});
