import { IMPORT_MESSAGES, IMPORT_PAGE_TEXTS, type ImportLog } from '@mandato/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, answerWith, apiModule } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { ImportModal } from './ImportModal.tsx';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const started = (validating: boolean): ImportLog => ({
  code: 7,
  type: 'PERSON',
  fileName: 'grande.xlsx',
  updateBehavior: 'SKIP',
  status: 'IN_PROGRESS',
  concluded: false,
  failure: false,
  totalRecords: validating ? 3000 : 200_000,
  totalSuccess: 0,
  totalError: 0,
  totalSkip: 0,
  rowsDone: 0,
  validating,
  createDate: '2026-12-07T12:00:00.000Z',
  finishDate: null,
  responsiblePersonName: 'Ana',
  responsible: { code: '1', name: 'Ana' },
});

async function sendSheet() {
  renderWithApp(<ImportModal type="PERSON" open onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: IMPORT_MESSAGES.title });
  await userEvent.click(within(dialog).getByRole('radio', { name: /Pular/ }));
  await userEvent.click(within(dialog).getByRole('button', { name: IMPORT_PAGE_TEXTS.next }));
  const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'grande.xlsx');
  fireEvent.change(input, { target: { files: [file] } });
  await userEvent.click(within(dialog).getByRole('button', { name: IMPORT_PAGE_TEXTS.send }));
  return dialog;
}

describe('the import modal after the upload (issue 38: a large sheet answers before its verdict)', {
  timeout: 30_000,
}, () => {
  beforeEach(() => {
    sessionStore.signIn(loginAnswer(['ROLE_CRM']), 'demo');
    sessionStore.setSchema(demoSchema);
  });
  afterEach(() => {
    sessionStore.clear();
    mocks.fetch.mockReset();
  });

  it('a 202 says the sheet was received and its verdict comes in the history, and lets the person go on', async () => {
    answerWith(mocks, { data: started(true) }, 202);
    const dialog = await sendSheet();
    expect(await within(dialog).findByText(IMPORT_MESSAGES.validatingTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(IMPORT_MESSAGES.validatingDetail)).toBeInTheDocument();
    expect(within(dialog).queryByText(IMPORT_MESSAGES.successTitle)).not.toBeInTheDocument();
    // (its name may still carry the send button's leaving 'loading' icon)
    expect(within(dialog).getByRole('button', { name: new RegExp(IMPORT_PAGE_TEXTS.close) })).toBeEnabled();
  });

  it('a 200 is the verdict itself: the sheet is valid', async () => {
    answerWith(mocks, { data: started(false) });
    const dialog = await sendSheet();
    expect(await within(dialog).findByText(IMPORT_MESSAGES.successTitle)).toBeInTheDocument();
    expect(within(dialog).queryByText(IMPORT_MESSAGES.validatingTitle)).not.toBeInTheDocument();
  });
});
