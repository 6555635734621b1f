/** The cms/{collectionId?} route of spec 002 §2 with its items/… and fields/… children. */
export { CmsScreen as default } from '../cms/CmsScreen.tsx';
