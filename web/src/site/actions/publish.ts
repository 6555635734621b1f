import type { Schemas } from '@pagewright/sdk';
import { ownAddress } from '../../lib/address.ts';
import { defineAction, type ActionContext } from './registry.ts';

/** The last publish of this session, for the publish menu's status line. */
export type PublishResult = Schemas['Publish'];

async function publishAs(ctx: ActionContext, type: 'webhook' | 'download'): Promise<PublishResult | null> {
  const s = ctx.store.getState();
  const { data, error } = await ctx.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: s.siteId }, query: { type } } });
  if (error) {
    ctx.showError(error);
    return null;
  }
  if (!data) return null;
  ctx.store.setState((x) => ({
    site: x.site && {
      ...x.site,
      publish: { ...x.site.publish!, type, author: data.author, authorId: data.authorId, timestamp: data.timestamp },
    },
  }));
  return data;
}

/** Compiles and posts the download to the site's webhook (spec 001 §4 "Publish and download"). */
export const publishSite = defineAction({
  name: 'publish',
  label: 'Publish',
  recordsHistory: false,
  palette: true,
  enabled: (s) => Boolean(s.site?.publish?.webhook ?? s.site?.settings?.publish?.webhook),
  async perform(ctx) {
    const result = await publishAs(ctx, 'webhook');
    if (result) ctx.notify('Published');
  },
});

/** Compiles and downloads the zip. */
export const downloadZip = defineAction({
  name: 'downloadZip',
  label: 'Download zip',
  recordsHistory: false,
  palette: true,
  async perform(ctx) {
    const result = await publishAs(ctx, 'download');
    if (!result) return;
    // From this page's own origin, whatever address the server's PUBLIC_URL names.
    const blob = await fetch(ownAddress(result.download.url)).then(
      async (response) => (response.ok ? response.blob() : response.status),
      () => 0,
    );
    if (typeof blob === 'number') {
      ctx.showError({ error: 'The download failed', status: blob, code: 'DOWNLOAD_FAILED' });
      return;
    }
    ctx.save(blob, result.download.name);
  },
});
