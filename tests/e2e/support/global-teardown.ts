import { writeAxeTable } from "./axe-pages";

/** After every worker has finished: the accessibility table from the rows the checks wrote. */
export default function globalTeardown() {
  writeAxeTable();
}
