import { Resolver } from 'node:dns/promises';

/** What domain checks ask of DNS: node's own resolver, sent to DNS_SERVER when it is set. */
export interface Dns {
  /** The TXT strings at a name (each record's chunks joined); none when the name has no TXT record. */
  txt(name: string): Promise<string[]>;
  /** The CNAME target of a name, lowercased without its final dot, or null. */
  cname(name: string): Promise<string | null>;
  /** The IPv4 and IPv6 addresses of a name. */
  addresses(name: string): Promise<string[]>;
}

/** The answers that mean "no such record" rather than "the lookup failed". */
const NONE = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

async function orNone<T>(lookup: Promise<T>, none: T): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (NONE.has((error as NodeJS.ErrnoException).code ?? '')) return none;
    throw error;
  }
}

export function createDns(server: string | null): Dns {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (server) resolver.setServers([server]);
  return {
    async txt(name) {
      return (await orNone(resolver.resolveTxt(name), [] as string[][])).map((chunks) => chunks.join(''));
    },
    async cname(name) {
      const [target] = await orNone(resolver.resolveCname(name), [] as string[]);
      return target ? target.toLowerCase().replace(/\.$/, '') : null;
    },
    async addresses(name) {
      const [v4, v6] = await Promise.all([
        orNone(resolver.resolve4(name), [] as string[]),
        orNone(resolver.resolve6(name), [] as string[]),
      ]);
      return [...v4, ...v6];
    },
  };
}
