import type { Schedule } from '@mandato/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { type ApiMocks, answerWith, apiModule } from '../../test/apiMock.ts';
import { demoSchema, loginAnswer } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';
import { EventDrawer } from './EventDrawer.tsx';
import { newAllDayEvent, suggestedSchedule } from './eventForm.ts';

const mocks = vi.hoisted(() => ({ fetch: vi.fn(), notifyError: vi.fn() }) as ApiMocks);
vi.mock('../../platform/api/api.ts', () => apiModule(mocks));

const personal: Schedule = {
  code: 7,
  name: 'Equipe Demo',
  color: 'BLUE',
  colorHex: '#2196f3',
  owner: { code: 'u1', name: 'Equipe Demo' },
  isOwner: true,
  invitedPeople: [],
  subscribeURL: 'https://app.mandato.test/api/calendar/demo.x.ics',
  createDate: '2026-11-26T10:00:00.000Z',
  updateDate: '2026-11-26T10:00:00.000Z',
};

/** 'Novo Evento' opened while the agendas still load, as AgendaPage passes them. */
function OpenedBeforeTheList() {
  const [schedules, setSchedules] = useState<Schedule[] | undefined>(undefined);
  const list = schedules ?? [];
  return (
    <>
      <button type="button" onClick={() => setSchedules([personal])}>
        chegou a lista
      </button>
      <EventDrawer
        initial={newAllDayEvent('2026-11-26', suggestedSchedule(list, new Set()))}
        schedules={list}
        schedulesLoading={schedules === undefined}
        defaultScheduleCode={suggestedSchedule(list, new Set())}
        onClose={vi.fn()}
      />
    </>
  );
}

const scheduleField = () => document.querySelector('#event-schedule')?.closest('.ant-select');

describe("'Novo Evento' with one agenda", { timeout: 90_000 }, () => {
  beforeEach(() => {
    sessionStore.setSchema(demoSchema);
    sessionStore.signIn(loginAnswer(['ROLE_TEAM']), 'demo');
    answerWith(mocks);
  });
  afterEach(() => {
    sessionStore.clear();
    mocks.fetch.mockReset();
  });

  it('preselects it, also when the list arrives after the drawer opened', async () => {
    const user = userEvent.setup();
    renderWithApp(<OpenedBeforeTheList />);
    expect(await screen.findByRole('dialog', { name: 'Evento' })).toBeInTheDocument();
    expect(scheduleField()).not.toHaveTextContent('Equipe Demo');
    await user.click(screen.getByRole('button', { name: 'chegou a lista' }));
    await waitFor(() => expect(scheduleField()).toHaveTextContent('Equipe Demo'));
    expect(screen.queryByText('Nenhuma agenda disponível', { exact: false })).not.toBeInTheDocument();
  });

  it('suggests the only agenda even when it is hidden or not the own one', () => {
    expect(suggestedSchedule([personal], new Set([7]))).toBe(7);
    expect(suggestedSchedule([{ ...personal, isOwner: false }], new Set())).toBe(7);
    expect(suggestedSchedule([], new Set())).toBeUndefined();
  });
});
