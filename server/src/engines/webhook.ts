import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from './addresses.js';

/**
 * Outgoing webhooks (spec 001 §4 "Publish and download"): a JSON POST that counts as delivered when
 * the receiver does not answer within the time-out, and never reaches the server's own network.
 */

/** Loopback, private, link-local and the other non-public ranges (the one list, in addresses.ts). */
export const isPrivateAddress = (ip: string): boolean => !isPublicAddress(ip);

export class PrivateTargetError extends Error {}

export interface WebhookResult {
  /** The receiver's status, or null when it did not answer in time (which counts as delivered). */
  status: number | null;
  delivered: boolean;
}

export interface Target {
  url: URL;
  address: string;
  family: number;
}

/**
 * Resolves a webhook's host once and checks every address it has; the request then goes to the
 * checked address, so a second DNS answer cannot point it elsewhere.
 */
export async function resolveTarget(url: string, allowPrivate: boolean): Promise<Target> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await dns.lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0) throw new Error(`cannot resolve ${host}`);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) throw new PrivateTargetError(host);
  return { url: target, ...addresses[0]! };
}

/** Posts JSON to a resolved target. Redirects are not followed. */
export function postWebhook(target: Target, payload: unknown, timeoutMs: number): Promise<WebhookResult> {
  const { address, family } = target;
  const body = Buffer.from(JSON.stringify(payload));
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<WebhookResult>((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'User-Agent': 'Pagewright-Webhook' },
        lookup: (_hostname, opts, callback) => {
          if ((opts as { all?: boolean }).all)
            (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else callback(null, address, family);
        },
      },
      (response) => {
        response.resume();
        clearTimeout(timer);
        const status = response.statusCode ?? 0;
        resolve({ status, delivered: status >= 200 && status < 300 });
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ status: null, delivered: true });
    }, timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
