import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A real DNS server on 127.0.0.1 (UDP, random port) answering TXT questions from a table
 * the test changes as it goes: `set(name, [record, …])`, `remove(name)`. Long records are split in
 * 255-octet strings as a real zone does. Unknown names answer NXDOMAIN.
 */
export async function startDnsServer() {
  const records = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase().replace(/\.$/, '') ?? '';
      const txt = records.get(name);
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
    close: () => server.close(),
  };
}
