// Runs the Playwright journeys against the real product: a fresh embedded database seeded with the
// demo tenant and the e2e fixtures, the built web app served by the real server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { personalDataInServerLog, teeServerLog } from './server-log.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.log(
    `Jornadas Playwright puladas: Chromium não encontrado em ${CHROMIUM} (apt-get install -y chromium).`,
  );
  process.exit(0);
}

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-e2e-'));
const port = process.env.E2E_PORT ?? String(await freePort());
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  DATABASE_URL: '',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
};
const tsx = path.join(root, 'node_modules/.bin/tsx');

// A real DNS server for the marketing domain checks (issue 14): it answers TXT questions from
// dns-records.json in the data directory ({ "name": ["txt", …] }, read on every question), which
// the journeys write (E2E_DATA_DIR) to publish or remove a domain's records.
const dnsServer = await startDnsServer(path.join(dataDir, 'dns-records.json'));
env.DNS_SERVERS = dnsServer.address;
// An SMTP sink for the journeys that read e-mail (issue 14, the sender activation link): the
// server sends through SMTP_URL and each message lands as mail/<n>.eml in the data directory.
const smtpSink = await startSmtpSink(path.join(dataDir, 'mail'));
env.SMTP_URL = smtpSink.url;
// E-mail shots stay in the embedded outbox, where the journey opens, marks and clicks them (issue 26).
env.MARKETING_SMTP_URL = 'outbox';
// The donation provider is the server's embedded sandbox (issue 30), on a port of its own so
// parallel runs do not collide; the journeys confirm candidates and pay invoices on it.
delete env.DONATION_PROVIDER_URL;
let sandboxPort = port;
while (sandboxPort === port) sandboxPort = String(await freePort());
env.DONATION_SANDBOX_PORT = sandboxPort;
const donationSandboxUrl = `http://127.0.0.1:${env.DONATION_SANDBOX_PORT}`;

/** The date `days` from today as the browser (America/Sao_Paulo) sees it. */
function saoPauloDate(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The operator CLI, every command in one process (`--and`): one tsx start, one opening of the database. */
function cli(...commands) {
  const args = commands.flatMap((command, i) => (i === 0 ? command : ['--and', ...command]));
  const r = spawnSync(tsx, [path.join(root, 'apps/server/src/cli.ts'), ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')} falhou: ${r.stdout}${r.stderr}`);
}

/** `user create` of a fixture user, password mandato123. */
const user = (tenant, email, name, permissions) =>
  ['user', 'create', '--tenant', tenant, '--email', email, '--password', 'mandato123', '--name', name].concat(
    ['--permissions', permissions],
  );

// Fixtures: the demo tenant plus users and tenants some journeys change or need in a given state.
cli(
  ['seed', 'demo'],
  ['tenant', 'create', '--slug', 'inativo', '--name', 'Tenant Inativo', '--plan', 'BASIC'],
  ['tenant', 'set-active', '--slug', 'inativo', '--active', 'false'],
  ['tenant', 'create', '--slug', 'avaliacao', '--name', 'Gabinete Avaliação', '--plan', 'TRIAL'].concat([
    '--deactive-date',
    saoPauloDate(5),
  ]),
  user('avaliacao', 'admin@avaliacao.test', 'Admin Avaliação', 'ROLE_CRM,ROLE_TEAM,ROLE_CONFIG,ROLE_REPORT'),
  user('demo', 'inativo@demo.mandato.app', 'Usuário Inativo', 'ROLE_TEAM'),
  ['user', 'set-active', '--tenant', 'demo', '--email', 'inativo@demo.mandato.app', '--active', 'false'],
  user('demo', 'expira@demo.mandato.app', 'Sessão Expira', 'ROLE_TEAM'),
  user('demo', 'recupera@demo.mandato.app', 'Recupera Senha', 'ROLE_TEAM'),
  user('demo', 'senha@demo.mandato.app', 'Troca Senha', 'ROLE_TEAM'),
  // donations (issue 30): a PREMIUM tenant, not yet integrated; the journey pastes its provider
  // token in Configurações › Sistema › Provedor de doações with the server running (issue 40)
  ['tenant', 'create', '--slug', 'doacoes', '--name', 'Gabinete Doações', '--plan', 'PREMIUM'],
  user('doacoes', 'admin@doacoes.test', 'Admin Doações', 'ROLE_DONATION,ROLE_CONFIG,ROLE_CRM'),
);

// the server logs every request (info) into the data directory; the console shows warnings and up
const serverLog = path.join(dataDir, 'server.log');
const server = spawn(tsx, [path.join(root, 'apps/server/src/main.ts')], {
  env: { ...env, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const serverLogWritten = teeServerLog(server, serverLog);
const baseURL = `http://localhost:${port}`;
let code = 1;
try {
  // until it answers, however long a loaded machine takes to start it (a server that exits fails at once)
  await waitFor(`${baseURL}/api/sys-admin/schemas/demo`, 300_000);
  // spawned, not spawnSync: this process keeps answering the journeys' DNS questions meanwhile
  const playwright = spawn(
    path.join(root, 'node_modules/.bin/playwright'),
    ['test', '-c', path.join(root, 'e2e/playwright.config.ts'), ...process.argv.slice(2)],
    {
      env: {
        ...process.env,
        E2E_BASE_URL: baseURL,
        E2E_DATA_DIR: dataDir,
        E2E_DONATION_SANDBOX_URL: donationSandboxUrl,
        CHROMIUM_PATH: CHROMIUM,
      },
      stdio: 'inherit',
    },
  );
  code = await new Promise((resolve) => playwright.once('exit', (status) => resolve(status ?? 1)));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await serverLogWritten;
  // no e-mail, phone, CPF or token of the journeys in the server's log (issue 41 item 6)
  try {
    const { requests, found } = personalDataInServerLog(serverLog);
    for (const { line, kind } of found)
      console.error(`Dado pessoal no log do servidor: linha ${line}, ${kind}`);
    if (found.length > 0) code = 1;
    else console.log(`Log do servidor: ${requests} requisições, nenhum dado pessoal.`);
  } catch (error) {
    console.error(error.message);
    code = 1;
  }
  await dnsServer.server.close();
  await new Promise((resolve) => smtpSink.server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);

async function startDnsServer(file) {
  const { default: dns2 } = await import('dns2');
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      let records = {};
      try {
        records = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {}
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      const values = records[name];
      if (!Array.isArray(values))
        response.header.rcode = 3; // NXDOMAIN
      else if (question.type === Packet.TYPE.TXT) {
        for (const value of values) {
          const data = String(value).match(/[\s\S]{1,255}/g) ?? [''];
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data,
          });
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { server, address: `127.0.0.1:${addresses.udp.port}` };
}

async function startSmtpSink(dir) {
  const { SMTPServer } = await import('smtp-server');
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        fs.writeFileSync(path.join(dir, `${String(count).padStart(5, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `smtp://127.0.0.1:${server.server.address().port}` };
}

/** A port nothing listens on now, so parallel runs of the harness do not collide. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (server.exitCode !== null) throw new Error('o servidor terminou antes de ficar pronto');
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`servidor não respondeu em ${timeoutMs} ms`);
}
