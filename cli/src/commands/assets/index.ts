import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { withExamples, type Context } from '../../lib/command.js';
import * as del from './delete.js';
import * as list from './list.js';
import * as upload from './upload.js';

/** `pagewright assets`: the site's asset library (images, SVGs, videos, files). */
export function register(program: CommandUnknownOpts, ctx: Context) {
  const assets = withExamples(
    program.command('assets').description("Upload, list and delete the files of a site's asset library"),
    'pagewright assets upload hero.jpg --site shop.example.com',
    'pagewright assets list --site shop.example.com --type images',
    'pagewright assets delete hero.jpg --site shop.example.com',
  );
  for (const verb of [upload, list, del]) verb.register(assets, ctx);
  return assets;
}
