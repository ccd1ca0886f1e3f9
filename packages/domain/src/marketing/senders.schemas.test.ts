import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/messages.ts';
import {
  SENDER_TEXTS,
  SenderConfirmSchema,
  SenderSaveSchema,
  SenderStatusChangeSchema,
  SendersQuerySchema,
  senderConfirmPath,
} from './senders.schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('SenderSaveSchema', () => {
  it('accepts name, prefix and domain, lower-casing the prefix', () => {
    const r = SenderSaveSchema.parse({ name: ' Gabinete ', emailPrefix: 'Contato.Gab+1', domainCode: 3 });
    expect(r).toEqual({ name: 'Gabinete', emailPrefix: 'contato.gab+1', domainCode: 3 });
    expect(
      SenderSaveSchema.parse({ name: 'x', emailPrefix: 'a', domainCode: 1, status: 'PENDING_VALIDATION' })
        .status,
    ).toBe('PENDING_VALIDATION');
  });

  it('requires name, emailPrefix and domainCode (spec 3 §5)', () => {
    const r = SenderSaveSchema.safeParse({ name: '', emailPrefix: '' });
    expect(r.success).toBe(false);
    expect(messages(r)).toEqual([MESSAGES.required, MESSAGES.required, MESSAGES.required]);
  });

  it.each(['.contato', 'contato.', 'con..tato', 'con tato', 'contato@x', 'ção', 'a'.repeat(65), 'x"y'])(
    'refuses the prefix %j',
    (emailPrefix) => {
      const r = SenderSaveSchema.safeParse({ name: 'x', emailPrefix, domainCode: 1 });
      expect(messages(r)).toContain(SENDER_TEXTS.invalidPrefix);
    },
  );

  it('refuses unknown keys, another status and control characters', () => {
    expect(SenderSaveSchema.safeParse({ name: 'x', emailPrefix: 'a', domainCode: 1, extra: 1 }).success).toBe(
      false,
    );
    expect(
      SenderSaveSchema.safeParse({ name: 'x', emailPrefix: 'a', domainCode: 1, status: 'ACTIVE' }).success,
    ).toBe(false);
    expect(SenderSaveSchema.safeParse({ name: 'x\u0000', emailPrefix: 'a', domainCode: 1 }).success).toBe(
      false,
    );
    expect(SenderSaveSchema.safeParse({ name: 'x', emailPrefix: 'a', domainCode: '1' }).success).toBe(false);
    expect(SenderSaveSchema.safeParse({ name: 'x', emailPrefix: 'a', domainCode: 1.5 }).success).toBe(false);
  });
});

describe('other sender schemas', () => {
  it('pages and filters the list', () => {
    expect(SendersQuerySchema.parse({ status: 'ACTIVE' })).toEqual({
      status: 'ACTIVE',
      page: 1,
      itemsPerPage: 50,
    });
    expect(SendersQuerySchema.safeParse({ status: 'X' }).success).toBe(false);
  });

  it('sets only ACTIVE or INACTIVE by click', () => {
    expect(SenderStatusChangeSchema.safeParse({ status: 'PENDING_VALIDATION' }).success).toBe(false);
    expect(SenderStatusChangeSchema.parse({ status: 'INACTIVE' })).toEqual({ status: 'INACTIVE' });
  });

  it('reads the confirmation link parts', () => {
    expect(SenderConfirmSchema.parse({ senderCode: '12', senderToken: 'a', token: 'b' }).senderCode).toBe(12);
    expect(SenderConfirmSchema.safeParse({ senderCode: 'x', senderToken: 'a', token: 'b' }).success).toBe(
      false,
    );
    expect(senderConfirmPath(3, 'p', 't')).toBe('/sender-email-confirm/3/p/t');
  });
});
