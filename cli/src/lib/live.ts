import http from 'node:http';
import https from 'node:https';

/** Which deploy the server answers a visitor of `liveUrl` with (its X-Pagewright-Deploy), or null. */
function servedDeploy(serverUrl: string, liveUrl: string): Promise<number | null> {
  const server = new URL(serverUrl);
  const live = new URL(liveUrl);
  const client = server.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    // The server tells sites apart by Host: asked at its own address, it answers as the domain would.
    const request = client.request(
      {
        host: server.hostname,
        port: server.port || undefined,
        method: 'HEAD',
        path: live.pathname,
        headers: { host: live.host },
        servername: live.hostname,
        timeout: 5000,
      },
      (response) => {
        response.resume();
        const deploy = Number(response.headers['x-pagewright-deploy']);
        resolve(response.statusCode === 200 && Number.isInteger(deploy) ? deploy : null);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
    request.end();
  });
}

/** Waits until the server serves deploy `number` (or a later one) at `liveUrl`; false after `ms`. */
export async function waitLive(serverUrl: string, liveUrl: string, number: number, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const served = await servedDeploy(serverUrl, liveUrl);
    if (served !== null && served >= number) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
