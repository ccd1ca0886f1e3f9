import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DONATION_SANDBOX_TEXTS, MESSAGES } from '@mandato/domain';
import Fastify, { type FastifyBaseLogger, type FastifyError } from 'fastify';
import { failure } from './answers.ts';
import { addPaidInvoices, confirmCandidate, payInvoice, type SandboxContext } from './context.ts';
import { registerDonorPage } from './donor-page.routes.ts';
import { FaultPlan, type FaultRule } from './faults.ts';
import { isPagePath, messagePage } from './pages.ts';
import { registerProviderApi } from './provider-api.ts';
import { DonorRateLimit, type DonorRateLimitOptions } from './rate-limit.ts';
import { registerSandboxRoutes } from './sandbox.routes.ts';
import { DonationStore } from './store.ts';

const T = DONATION_SANDBOX_TEXTS.api;
const PAGE_ERROR_TITLE = DONATION_SANDBOX_TEXTS.donor.errorTitle;
const ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: T.malformedJson,
  413: MESSAGES.payloadTooLarge,
  500: T.internal,
};

export interface DonationSandboxOptions {
  /** 0 (the default): any free port */
  port?: number;
  /** a loopback address (default 127.0.0.1): any other refuses to start */
  host?: string;
  /** where the accounts are kept across restarts (none: memory only) */
  stateFile?: string;
  /** a candidate confirms itself this long after it was created */
  confirmDelayMs?: number;
  /** an invoice pays itself this long after it was created */
  payDelayMs?: number;
  log?: FastifyBaseLogger;
  /** only these tokens open an account (default: any token of 8–200 URL-safe characters) */
  tokens?: string[];
  /** the public donation page's limit per IP */
  donorRateLimit?: DonorRateLimitOptions;
}

export interface DonationSandbox {
  url: string;
  close(): Promise<void>;
  confirmCandidate(id: number): boolean;
  payInvoice(id: number): boolean;
  addPaidInvoices(campaignToken: string, count: number): boolean;
  failNext(rule: Omit<FaultRule, 'times'> & { times?: number }): void;
}

/** Bodies: a base64 photo of 1 MB is about 1.4 MB of JSON. */
const BODY_LIMIT = 3 * 1024 * 1024;

/** A name or address of this machine's loopback: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

/** The name a request was addressed to (its Host header without the port), '' when unreadable. */
function hostNameOf(host: string | undefined): string {
  try {
    return new URL(`http://${host ?? ''}`).hostname;
  } catch {
    return '';
  }
}

/**
 * The donation provider sandbox (issue 30, DESIGN.md §4): its own small HTTP server speaking the
 * provider contract of spec 3 §7.5, with the public donation page and an operator page, every page
 * labelled 'Ambiente de testes'. The product's provider client talks to it like to the real one.
 */
export async function startDonationSandbox(options: DonationSandboxOptions = {}): Promise<DonationSandbox> {
  // the operator page lists every account's donors with no login: this machine only
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(DONATION_SANDBOX_TEXTS.notLoopback(host));
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<ServerResponse>();
  let baseUrl = '';
  const ctx: SandboxContext = {
    store: new DonationStore(options.stateFile),
    faults: new FaultPlan(),
    baseUrl: () => baseUrl,
    acceptedTokens: options.tokens ? new Set(options.tokens) : undefined,
    confirmDelayMs: options.confirmDelayMs,
    payDelayMs: options.payDelayMs,
    donorLimit: new DonorRateLimit(options.donorRateLimit),
    later(task, ms) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        task();
      }, ms);
      timer.unref();
      timers.add(timer);
    },
    hold(response) {
      held.add(response);
      response.on('close', () => held.delete(response));
    },
  };

  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    ...(options.log ? { loggerInstance: options.log } : { logger: false }),
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, parsed) => {
    try {
      parsed(null, JSON.parse(String(body)));
    } catch {
      parsed(Object.assign(new Error(T.malformedJson), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, parsed) => parsed(null, new URLSearchParams(String(body))),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'erro no ambiente de testes de doações');
    const message = ERROR_MESSAGES[status] ?? MESSAGES.invalidNested;
    if (isPagePath(request.url)) return messagePage(reply, status, PAGE_ERROR_TITLE, message);
    return failure(reply, status, message);
  });
  app.setNotFoundHandler((request, reply) =>
    isPagePath(request.url)
      ? messagePage(
          reply,
          404,
          DONATION_SANDBOX_TEXTS.donor.notFound,
          DONATION_SANDBOX_TEXTS.donor.notFoundDetail,
        )
      : failure(reply, 404, T.notFound),
  );
  // listening on loopback is not enough: a page of another site whose name resolves to 127.0.0.1
  // (DNS rebinding) would read the operator page from the browser of whoever runs the sandbox
  app.addHook('onRequest', async (request, reply) => {
    if (isLoopbackHost(hostNameOf(request.headers.host))) return;
    const message = DONATION_SANDBOX_TEXTS.notLocal;
    if (isPagePath(request.url)) return messagePage(reply, 403, PAGE_ERROR_TITLE, message);
    return failure(reply, 403, message);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  registerProviderApi(app, ctx);
  registerSandboxRoutes(app, ctx);
  registerDonorPage(app, ctx);

  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  for (const [, account] of ctx.store.entries()) {
    const pendingSince = (created: string, delay: number) =>
      Math.max(0, new Date(created).getTime() + delay - Date.now());
    if (options.confirmDelayMs !== undefined) {
      for (const c of account.candidates.filter((c) => !c.confirmado))
        ctx.later(() => confirmCandidate(ctx, c.id), pendingSince(c.criadoEm, options.confirmDelayMs));
    }
    if (options.payDelayMs !== undefined) {
      for (const i of account.invoices.filter((i) => i.status === 'Pendente'))
        ctx.later(() => payInvoice(ctx, i.id), pendingSince(i.data, options.payDelayMs));
    }
  }

  return {
    url: baseUrl,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const response of held) response.destroy();
      held.clear();
      await app.close();
    },
    confirmCandidate: (id) => confirmCandidate(ctx, id),
    payInvoice: (id) => payInvoice(ctx, id),
    addPaidInvoices: (campaignToken, count) => addPaidInvoices(ctx, campaignToken, count),
    failNext: (rule) => ctx.faults.add({ ...rule, times: rule.times ?? 1 }),
  };
}
