import { describe, expect, it } from 'vitest';
import {
  INTERACTION_COLORS,
  INTERACTION_DISPLAY_LABELS,
  interactionColor,
  interactionDisplayState,
  isInteractionLate,
} from './interaction-state.ts';
import {
  INTERACTION_CHANNEL_LABELS,
  INTERACTION_CHANNELS,
  INTERACTION_STATUS_LABELS,
  InteractionSaveSchema,
  InteractionSearchSchema,
} from './interactions.schemas.ts';

const now = new Date('2025-03-10T15:00:00Z');
const USER = '5b7c3f5e-1d2a-4c1e-9b8e-2f0a6d4c8e11';

describe('interaction displayed state (spec 2 §4)', () => {
  it('is concluded whenever CONCLUDED, even with the end in the past or future', () => {
    expect(interactionDisplayState({ status: 'CONCLUDED', endDate: '2020-01-01T00:00:00Z' }, now)).toBe(
      'CONCLUDED',
    );
    expect(interactionDisplayState({ status: 'CONCLUDED', endDate: '2030-01-01T00:00:00Z' }, now)).toBe(
      'CONCLUDED',
    );
  });
  it("is 'Aguardando' while the end is in the future and 'Atrasado' once it passed", () => {
    expect(interactionDisplayState({ status: 'IN_PROGRESS', endDate: '2025-03-10T15:00:01Z' }, now)).toBe(
      'WAITING',
    );
    expect(interactionDisplayState({ status: 'IN_PROGRESS', endDate: now }, now)).toBe('LATE');
    expect(interactionDisplayState({ status: 'IN_PROGRESS', endDate: '2025-03-10T14:59:59Z' }, now)).toBe(
      'LATE',
    );
    expect(isInteractionLate({ status: 'IN_PROGRESS', endDate: '2025-03-09T00:00:00Z' }, now)).toBe(true);
    expect(INTERACTION_DISPLAY_LABELS.WAITING).toBe('Aguardando');
    expect(INTERACTION_DISPLAY_LABELS.LATE).toBe('Atrasado');
  });
  it('never shows a canceled interaction as overdue', () => {
    expect(interactionDisplayState({ status: 'CANCELED', endDate: '2020-01-01T00:00:00Z' }, now)).toBe(
      'CANCELED',
    );
    expect(isInteractionLate({ status: 'CANCELED', endDate: '2020-01-01T00:00:00Z' }, now)).toBe(false);
  });
  it('colours: green for concluded, running or future; orange overdue; grey otherwise', () => {
    expect(interactionColor({ status: 'CONCLUDED', endDate: '2020-01-01T00:00:00Z' }, now)).toBe('green');
    expect(interactionColor({ status: 'IN_PROGRESS', endDate: '2030-01-01T00:00:00Z' }, now)).toBe('green');
    expect(interactionColor({ status: 'IN_PROGRESS', endDate: '2020-01-01T00:00:00Z' }, now)).toBe('orange');
    expect(interactionColor({ status: 'CANCELED', endDate: '2030-01-01T00:00:00Z' }, now)).toBe('grey');
    expect(Object.keys(INTERACTION_COLORS)).toEqual(['green', 'orange', 'grey']);
  });
});

describe('interaction enums', () => {
  it('has the twelve channels and the status labels of the spec', () => {
    expect(INTERACTION_CHANNELS).toHaveLength(12);
    expect(INTERACTION_CHANNEL_LABELS.LETTER).toBe('Correio');
    expect(INTERACTION_CHANNEL_LABELS.PHONE).toBe('Ligação');
    expect(INTERACTION_CHANNEL_LABELS.PERSONAL).toBe('Pessoal');
    expect(INTERACTION_STATUS_LABELS).toEqual({
      IN_PROGRESS: 'Aguardando',
      CONCLUDED: 'Concluída',
      CANCELED: 'Cancelado',
    });
  });
});

describe('InteractionSaveSchema', () => {
  const valid = {
    type: 'CONTACT',
    source: 'WHATSAPP',
    description: 'Ligou pedindo informação',
    beginDate: '2025-03-10 14:00',
    endDate: '2025-03-10 14:05',
    userResponsibleCode: USER,
    personCode: 7,
  };
  it('reads local São Paulo times and defaults the status to IN_PROGRESS', () => {
    const out = InteractionSaveSchema.parse(valid);
    expect(out.beginDate).toBe('2025-03-10T17:00:00.000Z');
    expect(out.endDate).toBe('2025-03-10T17:05:00.000Z');
    expect(out.status).toBe('IN_PROGRESS');
    expect(out.type).toBe('CONTACT');
  });
  it('requires responsible, day and description; refuses end before begin and unknown values', () => {
    const r = InteractionSaveSchema.safeParse({
      ...valid,
      description: '  ',
      userResponsibleCode: undefined,
    });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('description');
    expect(paths).toContain('userResponsibleCode');
    const e = InteractionSaveSchema.safeParse({ ...valid, endDate: '2025-03-10 13:59' });
    expect(e.error?.issues[0]?.message).toBe('O término deve ser igual ou posterior ao início');
    expect(InteractionSaveSchema.safeParse({ ...valid, source: 'PIGEON' }).error?.issues[0]?.message).toBe(
      'Valor não permitido',
    );
    expect(InteractionSaveSchema.safeParse({ ...valid, beginDate: '2025-02-30 10:00' }).success).toBe(false);
    expect(InteractionSaveSchema.safeParse({ ...valid, beginDate: '2025-03-10' }).success).toBe(false);
  });
});

describe('InteractionSearchSchema', () => {
  it('defaults the period to today and lets the late filter override the status', () => {
    const out = InteractionSearchSchema.parse({ status: 'CONCLUDED', considerOnlyLateInteractions: 'true' });
    expect(out.onlyLate).toBe(true);
    expect(out.status).toBeUndefined();
    expect(out.beginDay).toBe(out.endDay);
    expect(InteractionSearchSchema.parse({ requireOnlyLateContacts: 'true' }).onlyLate).toBe(true);
  });
  it('turns days into São Paulo instants and reads dateInterval', () => {
    const out = InteractionSearchSchema.parse({
      dateInterval: '2025-03-01,2025-03-31',
      personTagCodes: '1,2',
    });
    expect(out.fromAt).toBe('2025-03-01T03:00:00.000Z');
    expect(out.toAt).toBe('2025-04-01T03:00:00.000Z');
    expect(out.personTagCodes).toEqual([1, 2]);
    expect(
      InteractionSearchSchema.safeParse({ beginDate: '2025-03-02', endDate: '2025-03-01' }).success,
    ).toBe(false);
  });
});
