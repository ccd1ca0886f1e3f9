import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;
type DnsRequest = Parameters<typeof Packet.createResponseFromRequest>[0];
type DnsResponse = ReturnType<typeof Packet.createResponseFromRequest>;

/**
 * A real DNS server on 127.0.0.1 (UDP, random port) answering TXT questions from a table
 * the test changes as it goes: `set(name, [record, …])`, `remove(name)`. Long records are split in
 * 255-octet strings as a real zone does. Unknown names answer NXDOMAIN. `hold(domain)` makes it a
 * name server that drops the questions about a domain (and its subdomains): they get no answer
 * until `release()`; `holding(n)` resolves once `n` such questions have arrived since `hold`.
 */
export async function startDnsServer() {
  const records = new Map<string, string[]>();
  const heldDomains = new Set<string>();
  let heldAnswers: (() => void)[] = [];
  let heldCount = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const isHeld = (name: string) => [...heldDomains].some((d) => name === d || name.endsWith(`.${d}`));
  const questionName = (request: DnsRequest) =>
    request.questions[0]?.name.toLowerCase().replace(/\.$/, '') ?? '';
  const respond = (request: DnsRequest, send: (response: DnsResponse) => void) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const txt = records.get(questionName(request));
    if (!txt) {
      response.header.rcode = 3; // NXDOMAIN
    } else if (question?.type === Packet.TYPE.TXT) {
      for (const value of txt) {
        const chunks = value.match(/[\s\S]{1,255}/g) ?? [''];
        response.answers.push({
          name: question.name,
          type: Packet.TYPE.TXT,
          class: Packet.CLASS.IN,
          ttl: 1,
          data: [...chunks],
        } as unknown as (typeof response.answers)[number]);
      }
    }
    send(response);
  };
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      if (!isHeld(questionName(request))) return respond(request, send);
      heldAnswers.push(() => respond(request, send));
      heldCount++;
      for (const waiter of waiters.filter((w) => heldCount >= w.n)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses.udp as AddressInfo).port;
  return {
    /** what DNS_SERVERS takes */
    address: `127.0.0.1:${port}`,
    port,
    set(name: string, values: string[]) {
      records.set(name.toLowerCase(), values);
    },
    remove(name: string) {
      records.delete(name.toLowerCase());
    },
    /** Drops (holds unanswered) every question about `domain` and its subdomains. */
    hold(domain: string) {
      heldDomains.add(domain.toLowerCase());
      heldCount = 0;
    },
    /** Resolves once `n` questions have been held since the last `hold`. */
    holding(n: number): Promise<void> {
      return heldCount >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }));
    },
    /** Answers the held questions (a resolver that gave up ignores them) and holds no more. */
    release() {
      heldDomains.clear();
      for (const send of heldAnswers) send();
      heldAnswers = [];
    },
    close: () => server.close(),
  };
}
