import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { isCpf, LABELS, redactLine, redactText, redactUrl } from './redact.ts';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjMiLCJzaWQiOiJhYmMifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const LINK_ID = 'Q3x9_kZ-2mP7aLr0tWvY1b'; // randomBytes(16).toString('base64url')
const HEX = 'a3f9c2e17b5d4e08a3f9c2e17b5d4e08'; // a hex token (the donation sandbox's keys)

describe('redactText', () => {
  it.each([
    ['joao.silva@exemplo.com.br', LABELS.email],
    ['Maria+newsletter@gmail.com', LABELS.email],
    ['josé.conceição@prefeitura.sp.gov.br', LABELS.email],
    ['joao%40exemplo.com', LABELS.email],
    ['joao%2540exemplo.com', LABELS.email],
    ['+55 (11) 98765-4321', LABELS.phone],
    ['+5511987654321', LABELS.phone],
    ['55 11 98765 4321', LABELS.phone],
    ['(11) 98765-4321', LABELS.phone],
    ['(11)98765-4321', LABELS.phone],
    ['11 98765-4321', LABELS.phone],
    ['11987654321', LABELS.phone],
    ['(21) 3456-7890', LABELS.phone],
    ['2134567890', LABELS.phone],
    ['98765-4321', LABELS.phone],
    ['123.456.789-09', LABELS.cpf],
    ['123456789-09', LABELS.cpf],
    ['12345678909', LABELS.cpf],
    [JWT, LABELS.token],
    [`Bearer ${LINK_ID}`, `Bearer ${LABELS.token}`],
  ])('%s → %s', (value, label) => {
    expect(redactText(value)).toBe(label);
    expect(redactText(`antes ${value} depois`)).toBe(`antes ${label} depois`);
  });

  it.each([
    'pessoa 42, código 1234, página 2',
    'req-1a',
    '2026-12-07T23:35:48.123Z',
    '"time":1796686762067',
    '"responseTime":12.3456789012',
    '"responseTime":21.34567890',
    '"responseTime":11.987654321',
    '12345678901', // 11 digits, CPF check digits wrong, not a mobile (DDD 12 + 3…)
    '1187654321', // 10 digits but an old 8-digit mobile: outside today's numbering plan
    'a1234567-8901-4abc-9def-123456789012', // a UUID
    '192.168.10.200',
    'ERR_HTTP2_STREAM_CANCEL',
    'versão 2.10.3',
  ])('leaves %s alone', (value) => {
    expect(redactText(value)).toBe(value);
  });

  it('checks a CPF by its digits', () => {
    expect(isCpf('12345678909')).toBe(true);
    expect(isCpf('52998224725')).toBe(true);
    expect(isCpf('12345678900')).toBe(false);
    expect(isCpf('11111111111')).toBe(false);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/people?q=joao%40exemplo.com&page=2', `/api/people?q=${LABELS.email}&page=2`],
    ['/api/people?email=joao@exemplo.com', `/api/people?email=${LABELS.email}`],
    ['/api/people?q=%2B55%20(11)%2098765-4321', `/api/people?q=${LABELS.phone}`],
    ['/api/people?q=%2B55+11+98765-4321', `/api/people?q=${LABELS.phone}`],
    ['/api/people?cpf=123.456.789-09&size=20', `/api/people?cpf=${LABELS.cpf}&size=20`],
    ['/api/people?q=11987654321', `/api/people?q=${LABELS.phone}`],
    [`/api/public/unsubscribe/${LINK_ID}`, `/api/public/unsubscribe/${LABELS.token}`],
    [`/descadastrar/${LINK_ID}`, `/descadastrar/${LABELS.token}`],
    [`/api/public/t/o/${LINK_ID}.gif`, `/api/public/t/o/${LABELS.token}.gif`],
    [
      `/api/public/t/c/${LINK_ID}?u=https%3A%2F%2Fsite.com%2F%3Fe%3Djoao%40x.com&s=AbCdEfGhIjKlMnOpQrStUv`,
      `/api/public/t/c/${LABELS.token}?u=https://site.com/?e=${LABELS.email}&s=${LABELS.token}`,
    ],
    [`/sender-email-confirm/7/${HEX}/${LINK_ID}`, `/sender-email-confirm/7/${LABELS.token}/${LABELS.token}`],
    [`/api/calendar/demo.${LINK_ID}${LINK_ID}.ics`, `/api/calendar/demo.${LABELS.token}.ics`],
    ['/demo/convite/maria-123456', `/demo/convite/${LABELS.link}`],
    ['/api/people/godfather-form/maria-123456', `/api/people/godfather-form/${LABELS.link}`],
    ['/api/people/joao%40x.com', `/api/people/${LABELS.email}`],
    // a decoded quote goes back encoded: the URL stays one token of a JSON line
    ['/api/people/%22joao@x.com%22', `/api/people/%22${LABELS.email}%22`],
    [`/api/auth/verify?token=${JWT}`, `/api/auth/verify?token=${LABELS.token}`],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
    expect(redactUrl(expected)).toBe(expected);
  });

  it.each([
    '/api/people/123/sponsor',
    '/api/people?page=2&size=20&sort=name,asc',
    '/api/sys-admin/schemas/demo',
    '/api/people/sponsor-sign-ups',
    '/api/users/7/change-password',
    '/demo/pessoas',
    '/assets/index-DdK3a9Qz.js',
  ])('leaves %s alone', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('the logger', () => {
  const capture = () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    return { log, lines };
  };

  it('redacts a message, an error and fields, and writes JSON', () => {
    const { log, lines } = capture();
    const err = new Error('pessoa joao@x.com (CPF 123.456.789-09, +55 11 98765-4321) não encontrada');
    log.error({ err, job: 42, headers: { authorization: `Bearer ${JWT}`, cookie: 'sid=abc' } }, 'falhou');
    log.info(`Route GET:/api/public/unsubscribe/${LINK_ID}?e=joao%40x.com not found`);
    log.warn({ payload: { email: 'ana@x.com', phone: '(21) 3456-7890' } }, 'job com payload inválido');
    const text = lines.join('');
    for (const value of [
      'joao@x.com',
      '123.456.789-09',
      '98765-4321',
      JWT,
      LINK_ID,
      'ana@x.com',
      '3456-7890',
    ])
      expect(text).not.toContain(value);
    expect(text).not.toContain('sid=abc');
    const [error, notFound, warning] = lines.map((line) => JSON.parse(line));
    expect(error.err.message).toBe(
      `pessoa ${LABELS.email} (CPF ${LABELS.cpf}, ${LABELS.phone}) não encontrada`,
    );
    expect(error.job).toBe(42);
    expect(error.headers).toEqual({ authorization: LABELS.secret, cookie: LABELS.secret });
    expect(notFound.msg).toBe(
      `Route GET:/api/public/unsubscribe/${LABELS.token}?e=${LABELS.email} not found`,
    );
    expect(warning.payload).toEqual({ email: LABELS.email, phone: LABELS.phone });
  });

  it('keeps stack frames, timestamps and request ids', () => {
    const { log, lines } = capture();
    log.child({ reqId: 'req-1a' }).info({ responseTime: 12.3456789 }, 'request completed');
    const line = JSON.parse(lines[0] as string);
    expect(line.reqId).toBe('req-1a');
    expect(line.responseTime).toBe(12.3456789);
    expect(typeof line.time).toBe('number');
    expect(redactLine('{"stack":"at x (/app/node_modules/tsx/dist/register-B1c7OH6V.cjs:22:2188)"}')).toBe(
      '{"stack":"at x (/app/node_modules/tsx/dist/register-B1c7OH6V.cjs:22:2188)"}',
    );
  });
});
