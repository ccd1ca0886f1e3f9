import {
  readXlsxRows,
  verifyXlsx,
  XLSX_ROWS_TASK,
  XLSX_VERIFY_TASK,
  type XlsxRowsInput,
} from './modules/people-import/xlsx-import.task.ts';
import { EMAIL_HTML_TASK, prepareEmailHtml } from './platform/html/email-html.ts';
import { RICH_TEXT_TASK, sanitizeRichText } from './platform/html/sanitize-html.ts';
import { serveUntrustedTasks } from './platform/untrusted/serve-untrusted-tasks.ts';

/**
 * The worker module of the untrusted pool (platform/untrusted/untrusted-pool.ts): every parser of
 * untrusted content, by task name. A parser added later is one more line here, called through
 * `app.untrusted.run(name, …)`. Bundled beside the server (scripts/build.mjs: untrusted.worker.mjs).
 */
serveUntrustedTasks({
  [EMAIL_HTML_TASK]: (html: string) => prepareEmailHtml(html),
  [RICH_TEXT_TASK]: (html: string) => sanitizeRichText(html),
  [XLSX_VERIFY_TASK]: (path: string) => verifyXlsx(path),
  [XLSX_ROWS_TASK]: (input: XlsxRowsInput, emit) => readXlsxRows(input, emit),
});
