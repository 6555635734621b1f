import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Bus, PresenceEntry, RealtimeEvent } from './bus.js';

/** A user as the other editors of a site see them. */
export interface SiteMember {
  id: number;
  name: string;
  email: string;
}

/**
 * Who may join a site's channel: the member as others see them when the user may read the site
 * (owner or collaborator, locked included), else null. Never says why.
 */
export type SiteGate = (userId: number, siteId: string) => Promise<SiteMember | null>;

/** What the rooms send to a socket: a serialized event (the socket decides how to deliver it). */
export interface RoomSocket {
  send(data: string): void;
  readonly open: boolean;
}

export interface SiteRoomsOptions {
  /** How often this instance refreshes its presence entries and checks its members' access again. */
  heartbeatMs?: number;
  /** How long an instance's entries stand without a refresh (a crashed instance's members leave then). */
  presenceTtlMs?: number;
  /** How many sites one socket may be in at once. */
  maxSitesPerSocket?: number;
  /** The texts of `site.error`: a site the user may not see (404's message), and a socket in too many sites. */
  texts?: { notFound: string; tooManySites: string };
  now?: () => number;
}

/** The one internal event of the site channel: some instance's members of the site changed. */
const PRESENCE_CHANGED = 'site.presence.changed';
const SITE_ID_MAX = 255;
const COMPONENT_ID_MAX = 500;

interface Membership {
  socket: RoomSocket;
  member: SiteMember;
  selection: string | null;
  joined: number;
  at: number;
  /** The last presence sent to this socket for this site, so an unchanged list is not sent again. */
  sent: string | null;
}

/** The distinct users of a site's entries (one per user however many tabs), in the order they joined. */
export function presenceUsers(entries: PresenceEntry[]): { id: number; name: string; email: string; selection: string | null }[] {
  const users = new Map<number, { first: PresenceEntry; latest: PresenceEntry }>();
  for (const e of entries) {
    const seen = users.get(e.id);
    if (!seen) users.set(e.id, { first: e, latest: e });
    else {
      if (e.joined < seen.first.joined) seen.first = e;
      if (e.at > seen.latest.at) seen.latest = e;
    }
  }
  return [...users.values()]
    .sort((a, b) => a.first.joined - b.first.joined || a.first.id - b.first.id)
    .map(({ latest }) => ({ id: latest.id, name: latest.name, email: latest.email, selection: latest.selection }));
}

/**
 * The site channels of one instance (DESIGN.md "Scale"): which of its sockets are in which site,
 * their presence in the shared store, and the site events the bus brings, passed to those sockets.
 * Per-site state lives in Maps keyed by site id; a site id is only ever a key, never a property name.
 */
export class SiteRooms {
  readonly instance = crypto.randomUUID();
  private readonly rooms = new Map<string, Map<RoomSocket, Membership>>();
  private readonly bySocket = new Map<RoomSocket, Set<string>>();
  /** Presence recomputations per site: running, and whether another is wanted after it. */
  private readonly recomputing = new Map<string, { again: boolean }>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly heartbeatMs: number;
  private readonly ttlMs: number;
  private readonly maxSites: number;
  private readonly now: () => number;
  private readonly texts: { notFound: string; tooManySites: string };
  private beating = false;
  /** Presence updates under way, which close() waits for. */
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly bus: Bus,
    private readonly gate: SiteGate,
    private readonly log: Logger,
    options: SiteRoomsOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.ttlMs = options.presenceTtlMs ?? 45_000;
    this.maxSites = options.maxSitesPerSocket ?? 20;
    this.now = options.now ?? Date.now;
    this.texts = options.texts ?? { notFound: 'Not found', tooManySites: 'Too many sites open at once' };
    this.unsubscribe = bus.subscribeSites((siteId, event) => this.deliver(siteId, event));
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * One message a signed-in socket sent (already parsed). Unknown types and malformed fields are
   * ignored; a join the user may not make answers `site.error` with 404's message.
   */
  async handle(socket: RoomSocket, userId: number, message: Record<string, unknown>): Promise<void> {
    const siteId = message.siteId;
    if (typeof siteId !== 'string' || siteId.length === 0 || siteId.length > SITE_ID_MAX) return;
    switch (message.type) {
      case 'site.join':
        return this.join(socket, userId, siteId);
      case 'site.leave':
        return this.leave(socket, siteId);
      case 'site.select': {
        const selection = message.componentId;
        if (selection !== null && (typeof selection !== 'string' || selection.length === 0 || selection.length > COMPONENT_ID_MAX)) return;
        return this.select(socket, siteId, selection);
      }
      default:
        return;
    }
  }

  /** The socket closed: it leaves every site it was in. */
  async drop(socket: RoomSocket): Promise<void> {
    const sites = this.bySocket.get(socket);
    if (!sites) return;
    this.bySocket.delete(socket);
    for (const siteId of sites) {
      this.removeFromRoom(siteId, socket);
      await this.sync(siteId);
    }
  }

  /**
   * Stops the heartbeat and removes this instance's entries everywhere (a clean shutdown), after the
   * presence updates under way, so none of them reaches the store after the bus has closed.
   */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    const sites = [...this.rooms.keys()];
    this.rooms.clear();
    this.bySocket.clear();
    await Promise.allSettled([...this.inflight]);
    await Promise.allSettled(sites.map((siteId) => this.sync(siteId)));
  }

  private async join(socket: RoomSocket, userId: number, siteId: string): Promise<void> {
    const mine = this.bySocket.get(socket);
    if (mine?.has(siteId)) {
      // Joining again: the socket gets the current presence again.
      this.rooms.get(siteId)!.get(socket)!.sent = null;
      return this.recompute(siteId);
    }
    if ((mine?.size ?? 0) >= this.maxSites) {
      send(socket, { type: 'site.error', siteId, error: this.texts.tooManySites });
      return;
    }
    const member = await this.gate(userId, siteId).catch((error: unknown) => {
      this.log.warn({ err: error, siteId }, 'realtime: site access check failed');
      return null;
    });
    if (!member) {
      send(socket, { type: 'site.error', siteId, error: this.texts.notFound });
      return;
    }
    // The socket may have closed while access was checked: it must not be left in the room.
    if (!socket.open) return;
    const now = this.now();
    let room = this.rooms.get(siteId);
    if (!room) this.rooms.set(siteId, (room = new Map<RoomSocket, Membership>()));
    room.set(socket, { socket, member, selection: null, joined: now, at: now, sent: null });
    let sites = this.bySocket.get(socket);
    if (!sites) this.bySocket.set(socket, (sites = new Set<string>()));
    sites.add(siteId);
    await this.sync(siteId);
  }

  private async leave(socket: RoomSocket, siteId: string): Promise<void> {
    const sites = this.bySocket.get(socket);
    if (!sites?.delete(siteId)) return;
    if (sites.size === 0) this.bySocket.delete(socket);
    this.removeFromRoom(siteId, socket);
    await this.sync(siteId);
  }

  private async select(socket: RoomSocket, siteId: string, selection: string | null): Promise<void> {
    const membership = this.rooms.get(siteId)?.get(socket);
    if (!membership || membership.selection === selection) return;
    membership.selection = selection;
    membership.at = Math.max(this.now(), membership.at + 1);
    await this.sync(siteId);
  }

  private removeFromRoom(siteId: string, socket: RoomSocket): void {
    const room = this.rooms.get(siteId);
    room?.delete(socket);
    if (room?.size === 0) this.rooms.delete(siteId);
  }

  /** This instance's entries of a site, as stored for every instance to read. */
  private entries(siteId: string): PresenceEntry[] {
    return [...(this.rooms.get(siteId)?.values() ?? [])].map((m) => ({
      ...m.member,
      selection: m.selection,
      joined: m.joined,
      at: m.at,
    }));
  }

  /** Stores this instance's entries of the site and tells every instance to push presence again. */
  private async sync(siteId: string): Promise<void> {
    const update = (async () => {
      try {
        await this.bus.presence.put(siteId, this.instance, this.entries(siteId), this.ttlMs);
        await this.bus.publishSite(siteId, { type: PRESENCE_CHANGED });
      } catch (error) {
        this.log.warn({ err: error, siteId }, 'realtime: presence update failed');
      }
    })();
    this.inflight.add(update);
    await update;
    this.inflight.delete(update);
  }

  /** A site event from the bus: presence is worked out again; anything else goes to the site's sockets. */
  private deliver(siteId: string, event: RealtimeEvent): void {
    const room = this.rooms.get(siteId);
    if (!room) return;
    if (event.type === PRESENCE_CHANGED) {
      void this.recompute(siteId);
      return;
    }
    const data = JSON.stringify(event);
    for (const socket of room.keys()) if (socket.open) socket.send(data);
  }

  /**
   * Reads every instance's entries of the site and sends the users to each of this instance's
   * sockets in it whose last presence differs. One run per site at a time; changes during a run
   * ask for one more.
   */
  private async recompute(siteId: string): Promise<void> {
    const running = this.recomputing.get(siteId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    this.recomputing.set(siteId, state);
    try {
      while (state.again) {
        state.again = false;
        const room = this.rooms.get(siteId);
        if (!room) break;
        const users = presenceUsers(await this.bus.presence.read(siteId));
        const data = JSON.stringify({ type: 'site.presence', siteId, users });
        for (const membership of this.rooms.get(siteId)?.values() ?? []) {
          if (membership.sent === data || !membership.socket.open) continue;
          membership.sent = data;
          membership.socket.send(data);
        }
      }
    } catch (error) {
      this.log.warn({ err: error, siteId }, 'realtime: presence read failed');
    } finally {
      this.recomputing.delete(siteId);
    }
  }

  /**
   * The heartbeat: every member's access is checked again (a removed collaborator or a deleted site
   * leaves the room with `site.error`), this instance's entries are stored again before they expire,
   * and presence is worked out again (another instance's members may have expired).
   */
  private async beat(): Promise<void> {
    if (this.beating) return;
    this.beating = true;
    try {
      for (const [siteId, room] of [...this.rooms]) {
        let changed = false;
        for (const [socket, membership] of [...room]) {
          const member = await this.gate(membership.member.id, siteId).catch(() => membership.member);
          if (!this.rooms.get(siteId)?.has(socket)) continue;
          if (!member) {
            this.removeFromRoom(siteId, socket);
            const sites = this.bySocket.get(socket);
            sites?.delete(siteId);
            if (sites?.size === 0) this.bySocket.delete(socket);
            send(socket, { type: 'site.error', siteId, error: this.texts.notFound });
            changed = true;
          } else if (member.name !== membership.member.name || member.email !== membership.member.email) {
            membership.member = member;
            changed = true;
          }
        }
        if (changed) await this.sync(siteId);
        else {
          await this.bus.presence
            .put(siteId, this.instance, this.entries(siteId), this.ttlMs)
            .catch((error: unknown) => this.log.warn({ err: error, siteId }, 'realtime: presence refresh failed'));
          await this.recompute(siteId);
        }
      }
    } finally {
      this.beating = false;
    }
  }
}

function send(socket: RoomSocket, event: RealtimeEvent): void {
  if (socket.open) socket.send(JSON.stringify(event));
}
