/** settings/legal/{collectionId} with its items/… and fields/… children (spec 002 §2). */
export { default } from '../settings/legal/LegalCollection.tsx';
