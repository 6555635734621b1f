import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { domainProblem, normalizeDomain } from '@pagewright/sdk/rules';
import { siteAccess } from '../core/access.js';
import { iso, type Actor, type Deps } from '../core/deps.js';
import { AppError, conflict, invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { Dns } from '../engines/dns.js';
import type { SiteDoc } from '../model/document.js';
import type { Hosting } from './hosting.js';

/** Where the TXT record that proves a domain's owner goes, under the domain. */
export const TXT_LABEL = '_pagewright';
/** An unverified claim of a domain no longer holds it against another site after this long. */
const CLAIM_MS = 7 * 86_400_000;

interface DomainRow {
  id: number;
  site_id: string;
  host: string;
  token: string;
  created_at: number;
  verified_at: number | null;
  checked_at: number | null;
}

export interface DnsRecord {
  type: 'TXT' | 'CNAME' | 'A' | 'AAAA';
  name: string;
  value: string;
}

/** A domain as the API answers it (the `Domain` schema). */
export interface DomainInfo {
  domain: string;
  verified: boolean;
  verifiedAt: string | null;
  checkedAt: string | null;
  /** The records to set at the domain's DNS provider. */
  records: DnsRecord[];
  /** What the last check found missing; empty when verified or not checked yet. */
  problems: string[];
  /** The site's address at this domain once verified. */
  url: string | null;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(e.message ?? '');
};

/**
 * Domains of hosted sites (issue 31 item 3): a site claims a domain, is shown the DNS records to set,
 * and is served there once a check finds the TXT token and then an address record (a CNAME to this
 * server's name, or A/AAAA records naming one of its addresses). A host belongs to one site; an
 * unverified claim stops holding it against others after a week.
 */
export class DomainsService {
  constructor(
    private readonly deps: Deps,
    private readonly dns: Dns,
    private readonly hosting: Hosting,
  ) {}

  private txtName = (host: string) => `${TXT_LABEL}.${host}`;
  private txtValue = (row: Pick<DomainRow, 'token'>) => `pagewright-verify=${row.token}`;

  private records(row: DomainRow): DnsRecord[] {
    const { cname, addresses } = this.deps.config.hosting;
    return [
      { type: 'TXT', name: this.txtName(row.host), value: this.txtValue(row) },
      { type: 'CNAME', name: row.host, value: cname },
      ...addresses.map((a): DnsRecord => ({ type: a.includes(':') ? 'AAAA' : 'A', name: row.host, value: a })),
    ];
  }

  private info(row: DomainRow, https: boolean, problems: string[] = []): DomainInfo {
    return {
      domain: row.host,
      verified: row.verified_at !== null,
      verifiedAt: iso(row.verified_at),
      checkedAt: iso(row.checked_at),
      records: this.records(row),
      problems,
      url: row.verified_at !== null ? `${https ? 'https' : 'http'}://${row.host}/` : null,
    };
  }

  private https = async (siteId: string): Promise<boolean> => {
    const row: { data: string } | undefined = await this.deps.db('sites').where({ id: siteId }).first('data');
    return row ? (JSON.parse(row.data) as SiteDoc).settings.compile?.https !== false : true;
  };

  /** GET /domains: the site's domains and where their records must point. */
  async list(actor: Actor, siteId: string) {
    await siteAccess(this.deps, actor, siteId);
    const rows = await this.deps.db<DomainRow>('domains').where({ site_id: siteId }).orderBy('id');
    const https = await this.https(siteId);
    return {
      domains: rows.map((row) => this.info(row, https)),
      target: { cname: this.deps.config.hosting.cname, addresses: this.deps.config.hosting.addresses },
    };
  }

  private domainOf(value: unknown): string {
    const domain = typeof value === 'string' ? normalizeDomain(value) : '';
    const problem = domainProblem(domain);
    if (problem) throw invalid('domain', problem);
    if (this.hosting.isAppHost(domain)) throw invalid('domain', messages.domainAppHost);
    return domain;
  }

  /** POST /domains: claims a domain for the site (again: the same claim); another site's domain is refused. */
  async add(actor: Actor, siteId: string, body: { domain?: unknown }): Promise<DomainInfo> {
    await siteAccess(this.deps, actor, siteId, 'write');
    const domain = this.domainOf(body.domain);
    const row = await this.claim(this.deps.db, siteId, domain);
    if (!row) throw conflict(messages.domainTaken, 'DOMAIN_TAKEN', { field: 'domain' });
    await this.changed(siteId);
    return this.info(row, await this.https(siteId));
  }

  /** The site's claim of a domain, made when nobody holds it; null when another site does. */
  private async claim(db: Knex, siteId: string, domain: string): Promise<DomainRow | null> {
    const now = this.deps.now();
    return db
      .transaction(async (trx) => {
        const held = await trx<DomainRow>('domains').where({ host: domain }).first();
        if (held?.site_id === siteId) return held;
        if (held && (held.verified_at !== null || Number(held.created_at) > now - CLAIM_MS)) return null;
        if (held) await trx('domains').where({ id: held.id }).delete();
        const row = {
          site_id: siteId,
          host: domain,
          token: crypto.randomBytes(16).toString('hex'),
          created_at: now,
          verified_at: null,
          checked_at: null,
        };
        try {
          await trx('domains').insert(row);
        } catch (error) {
          if (isUniqueViolation(error)) return null;
          throw error;
        }
        return (await trx('domains').where({ host: domain }).first()) as DomainRow;
      })
      .catch((error: unknown) => {
        // Two sites claiming at once: the loser's insert fails on the unique host.
        if (isUniqueViolation(error)) return null;
        throw error;
      });
  }

  /**
   * The domain of the compile settings is claimed by a publish, so the Domains list shows its records;
   * one another site holds is left to it.
   */
  async claimCompileDomain(siteId: string, doc: SiteDoc): Promise<void> {
    const raw = doc.settings.compile?.domain;
    if (!raw) return;
    const domain = normalizeDomain(raw);
    if (domainProblem(domain) || this.hosting.isAppHost(domain)) return;
    if (await this.claim(this.deps.db, siteId, domain)) await this.changed(siteId);
  }

  private async row(siteId: string, domain: string): Promise<DomainRow> {
    const row = await this.deps
      .db<DomainRow>('domains')
      .where({ site_id: siteId, host: normalizeDomain(domain) })
      .first();
    if (!row) throw notFound(messages.domainNotFound);
    return row;
  }

  /** POST /domains/{domain}/verify: looks the records up; verified once the TXT token and an address record are found. */
  async verify(actor: Actor, siteId: string, domain: string): Promise<DomainInfo> {
    await siteAccess(this.deps, actor, siteId, 'write');
    const row = await this.row(siteId, domain);
    const https = await this.https(siteId);
    if (row.verified_at !== null) return this.info(row, https);
    const problems: string[] = [];
    try {
      const txt = await this.dns.txt(this.txtName(row.host));
      if (!txt.includes(this.txtValue(row))) problems.push(messages.domainVerifyTxt(this.txtName(row.host), this.txtValue(row)));
      else if (!(await this.pointsHere(row.host))) problems.push(messages.domainVerifyAddress(row.host, this.deps.config.hosting.cname));
    } catch {
      throw new AppError(502, 'DNS_FAILED', messages.domainDnsFailed);
    }
    const now = this.deps.now();
    const verified = problems.length === 0 ? now : null;
    await this.deps.db('domains').where({ id: row.id }).update({ checked_at: now, verified_at: verified });
    if (verified !== null) await this.changed(siteId);
    return this.info({ ...row, checked_at: now, verified_at: verified }, https, problems);
  }

  /** A CNAME to this server's name, or an address of this server among the domain's A/AAAA records. */
  private async pointsHere(host: string): Promise<boolean> {
    const { cname, addresses } = this.deps.config.hosting;
    if ((await this.dns.cname(host)) === cname) return true;
    const ours = new Set(addresses.length ? addresses : await this.dns.addresses(cname));
    return (await this.dns.addresses(host)).some((a) => ours.has(a));
  }

  /** DELETE /domains/{domain}: the site is no longer served there, at once. */
  async remove(actor: Actor, siteId: string, domain: string): Promise<void> {
    await siteAccess(this.deps, actor, siteId, 'write');
    const row = await this.row(siteId, domain);
    await this.deps.db('domains').where({ id: row.id }).delete();
    await this.changed(siteId);
  }

  /** The first verified domain's address (the compile settings' own first): where a publish is live. */
  async liveUrl(siteId: string, doc: SiteDoc): Promise<string | null> {
    const rows = await this.deps.db<DomainRow>('domains').where({ site_id: siteId }).whereNotNull('verified_at').orderBy('id');
    const primary = doc.settings.compile?.domain ? normalizeDomain(doc.settings.compile.domain) : null;
    const row = rows.find((r) => r.host === primary) ?? rows[0];
    const url = row ? this.info(row, doc.settings.compile?.https !== false).url : null;
    // The site's pages are named below the compile settings' base path (the hosting serves them there).
    const base = doc.settings.compile?.basePath?.replace(/^\/+|\/+$/g, '');
    return url && base ? `${url}${base}/` : url;
  }

  /** This instance serves the change at once; the others hear of it on the bus. */
  private async changed(siteId: string): Promise<void> {
    await this.hosting.refresh(siteId);
    await this.deps.bus.publishSite(siteId, { type: 'site.domains', siteId }).catch(() => undefined);
  }
}
