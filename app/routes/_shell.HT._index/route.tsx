import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectToFirstPage } from "~/lib/area.server";

/** /HT alone opens the area's first page the user may see. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return redirectToFirstPage(request, context, "/HT");
}
