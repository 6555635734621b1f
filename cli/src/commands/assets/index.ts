import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as del from './delete.js';
import * as importUrl from './importUrl.js';
import * as list from './list.js';
import * as rename from './rename.js';
import * as upload from './upload.js';

/** `pagewright assets`: the site's asset library (images, SVGs, videos, files). */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const assets = withExamples(
    program.command('assets').description("Upload, import, list, rename and delete the files of a site's asset library"),
    'pagewright assets upload hero.jpg --site shop.example.com',
    'pagewright assets list --site shop.example.com --type images',
    'pagewright assets import-url https://images.example.org/bakery.jpg --site shop.example.com',
    'pagewright assets rename IMG_0042.jpg storefront.jpg --site shop.example.com',
    'pagewright assets delete hero.jpg --site shop.example.com',
  );
  for (const verb of [upload, importUrl, list, rename, del]) verb.register(assets, ctx);
  return assets;
}
