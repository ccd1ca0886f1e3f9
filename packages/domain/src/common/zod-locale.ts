import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/**
 * Zod's own messages (wrong types, sizes, unions) in pt-BR, on the server and in the web app; a
 * missing field reads 'Campo Obrigatório'. Messages a schema gives itself still win.
 */
z.config({
  ...z.locales.ptBR(),
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? MESSAGES.required : undefined,
  // the web app's Content-Security-Policy forbids eval: no compiled parsers in a browser, nor the
  // `Function('')` probe that the browser would report as a violation
  jitless: typeof document !== 'undefined',
});
