import { redirect } from "@remix-run/node";
import { DATA_AREA_PATH } from "~/contracts/data-area/values";

/** /dataArea opens the data download page (the spec's redirect). */
export function loader() {
  return redirect(DATA_AREA_PATH);
}
