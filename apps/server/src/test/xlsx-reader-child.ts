/**
 * The import's reader alone in a process with a small heap (people-import/xlsx-limits.test.ts):
 * for each file named in argv, in turn, checks the archive, inflates it and reads its first sheet
 * as the upload does, then prints one JSON line: the rows accepted, or the refusal's status and
 * message. A reader that held what a file inflates to dies here with 'Reached heap limit'.
 */
import { inspectXlsx, verifyEntries } from '../modules/people-import/xlsx-archive.ts';
import { readSheet } from '../modules/people-import/xlsx-sheet.ts';
import { AppError } from '../platform/http/errors.ts';

for (const file of process.argv.slice(2)) {
  let rows = 0;
  let answer: object;
  try {
    const entries = await inspectXlsx(file);
    const { merged } = await verifyEntries(file, entries);
    const verdict = await readSheet(file, entries, 'PERSON', merged, async () => {
      rows++;
    });
    answer = { rows, errorLines: verdict.errorLines, errors: verdict.errors };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    answer = { rows, status: error.status, message: error.message };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
