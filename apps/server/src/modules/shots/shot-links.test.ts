import { describe, expect, it } from 'vitest';
import { shotLinks } from './shot-links.ts';

const links = shotLinks('https://app.example/', Buffer.alloc(32, 7));
const linkId = 'AbCdEfGhIjKlMnOpQrStUv';

describe('shot links', () => {
  it('builds the public links under PUBLIC_URL', () => {
    expect(links.unsubscribePage(linkId)).toBe(`https://app.example/descadastrar/${linkId}`);
    expect(links.unsubscribeOneClick(linkId)).toBe(`https://app.example/api/public/unsubscribe/${linkId}`);
    expect(links.openPixel(linkId)).toBe(`https://app.example/api/public/t/o/${linkId}.gif`);
  });

  it('signs a click target and refuses a changed target, link id or signature', () => {
    const url = new URL(links.click(linkId, 'https://gabinete.example/agenda?x=1&y=2'));
    const target = url.searchParams.get('u') ?? '';
    const signature = url.searchParams.get('s') ?? '';
    expect(target).toBe('https://gabinete.example/agenda?x=1&y=2');
    expect(links.clickIsSigned(linkId, target, signature)).toBe(true);
    expect(links.clickIsSigned(linkId, 'https://evil.example/', signature)).toBe(false);
    expect(links.clickIsSigned('AbCdEfGhIjKlMnOpQrStUw', target, signature)).toBe(false);
    expect(links.clickIsSigned(linkId, target, `${signature.slice(0, -1)}A`)).toBe(signature.endsWith('A'));
    expect(links.clickIsSigned(linkId, target, 'short')).toBe(false);
    const otherKey = shotLinks('https://app.example', Buffer.alloc(32, 8));
    expect(otherKey.clickIsSigned(linkId, target, signature)).toBe(false);
  });
});
