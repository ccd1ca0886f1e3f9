import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './EmailText.tsx';

const html = (email: string | null) => render(<EmailText email={email} />).container.innerHTML;

describe('EmailText', () => {
  it('offers a line break after the @ and after each dot before it, nowhere else', () => {
    expect(html('eduarda.nascimento144@exemplo.com.br')).toBe(
      '<span class="email-text">eduarda.<wbr>nascimento144@<wbr>exemplo.com.br</span>',
    );
    expect(html('ana@exemplo.com')).toBe('<span class="email-text">ana@<wbr>exemplo.com</span>');
  });

  it('a value without @ is shown as it is; no value, nothing', () => {
    expect(html('sem.arroba')).toBe('<span class="email-text">sem.arroba</span>');
    expect(html('a.@b')).toBe('<span class="email-text">a.<wbr>@<wbr>b</span>');
    expect(html(null)).toBe('');
  });
});
