import dns2 from 'dns2';

const { Packet } = dns2;

/** The records a test sets, by name (lowercase, without the final dot). */
export interface Zone {
  TXT?: string[];
  CNAME?: string;
  A?: string[];
  AAAA?: string[];
}

export interface LocalDns {
  /** `127.0.0.1:<port>` for DNS_SERVER. */
  server: string;
  /** The records of a name (replaced whole); undefined removes the name (NXDOMAIN). */
  set(name: string, zone: Zone | undefined): void;
  /** Makes every lookup fail (SERVFAIL) while true. */
  failing(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A DNS server speaking the protocol over UDP on a free port (dns2), answering from records the test
 * sets: the server's own resolver (node's dns Resolver with DNS_SERVER) asks it as it would any server.
 */
export async function startDns(): Promise<LocalDns> {
  const zones = new Map<string, Zone>();
  let fail = false;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (!question || fail) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
        return void send(response);
      }
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const zone = zones.get(name);
      if (!zone) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        return void send(response);
      }
      const record = (fields: Record<string, unknown>) =>
        new Packet.Resource({ name: question.name, class: Packet.CLASS.IN, ttl: 60, ...fields });
      if (question.type === Packet.TYPE.TXT)
        for (const data of zone.TXT ?? []) response.answers.push(record({ type: Packet.TYPE.TXT, data }));
      if (question.type === Packet.TYPE.CNAME && zone.CNAME) response.answers.push(record({ type: Packet.TYPE.CNAME, domain: zone.CNAME }));
      if (question.type === Packet.TYPE.A)
        for (const address of zone.A ?? []) response.answers.push(record({ type: Packet.TYPE.A, address }));
      if (question.type === Packet.TYPE.AAAA)
        for (const address of zone.AAAA ?? []) response.answers.push(record({ type: Packet.TYPE.AAAA, address }));
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses as unknown as { udp: { port: number } }).udp.port;
  return {
    server: `127.0.0.1:${port}`,
    set(name, zone) {
      if (zone) zones.set(name.toLowerCase(), zone);
      else zones.delete(name.toLowerCase());
    },
    failing(on) {
      fail = on;
    },
    close: () => server.close(),
  };
}
