// The e2e server's log (issue 41 item 6): every line the server writes goes to a file, the console
// shows what it showed before (warnings and errors, the start banner), and after the journeys the
// file is searched for personal data — the journeys log in, search and create people with real
// e-mails, phones and CPFs, so a line that carries one means the logger's redaction missed it.
import fs from 'node:fs';
import readline from 'node:readline';

/** The child's stdout into `file`, its non-JSON lines and JSON lines of level ≥ warn onto ours. */
export function teeServerLog(child, file) {
  const out = fs.createWriteStream(file);
  const lines = readline.createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    out.write(`${line}\n`);
    if (!line.startsWith('{') || levelOf(line) >= 40) process.stdout.write(`${line}\n`);
  });
  return new Promise((resolve) => lines.once('close', () => out.end(resolve)));
}

function levelOf(line) {
  const match = /^\{"level":(\d+)/.exec(line);
  return match ? Number(match[1]) : 100;
}

// Independent of the server's redactor (apps/server/src/platform/logging/redact.ts): the plain forms.
const FOUND = [
  ['e-mail', /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i],
  ['CPF', /(?<!\d)\d{3}\.\d{3}\.\d{3}-\d{2}(?!\d)/],
  ['telefone', /\(\d{2}\)\s?\d{4,5}-\d{4}|(?<![\d.])[1-9]{2}9\d{8}(?![\d.])/],
  ['token', /eyJ[\w-]{10,}\.[\w-]{10,}\.|\/(?:unsubscribe|descadastrar|t\/o|t\/c)\/[\w-]{16}/],
];

/**
 * The logger's lines of `file` (the JSON ones: the start banner prints the demo login on purpose)
 * with personal data in them, by line number and kind — never the value. Throws on an empty log:
 * a check of nothing proves nothing.
 */
export function personalDataInServerLog(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const requests = lines.filter((line) => line.includes('"msg":"incoming request"')).length;
  if (requests === 0) throw new Error(`o log do servidor (${file}) não tem nenhuma requisição`);
  const found = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('{')) return;
    for (const [kind, pattern] of FOUND) if (pattern.test(line)) found.push({ line: i + 1, kind });
  });
  return { requests, found };
}
