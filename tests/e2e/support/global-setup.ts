import { clearAxeRows } from "./axe-pages";

/** Before any worker starts: nothing left from an earlier run counts as a check of this one. */
export default function globalSetup() {
  clearAxeRows();
}
