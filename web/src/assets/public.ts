/**
 * What other features may use of the assets feature (the web layer rule in .dependency-cruiser.cjs):
 * the site's file list, which the CMS image fields and the localization screen read and upload into.
 */
export { useAssets } from './store.ts';
export { pictureOf } from './files.ts';
