import { PickersWorkbench } from '../pickers/PickersWorkbench.tsx';

/**
 * A workbench of the pickers (not linked from the app): each popup opened on its own with the value it
 * returns shown, for the browser tests of popups that no design screen opens yet.
 */
export default function SitePickers() {
  return <PickersWorkbench />;
}
