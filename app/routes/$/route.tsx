import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getShellUser } from "~/lib/permissions.server";
import { isPublicPage } from "~/contracts/permission/page-rules";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { isSpecPage } from "~/contracts/permission/spec-pages";

/** The product's areas (docs/product.md § Public pages): a path under one of them is a page of the product. */
const PRODUCT_AREAS = ["/index", "/exhibitorInfo", "/invitation", "/boothConstruction", "/bookingService", "/invoiceArea", "/exhibitTL", "/HT", "/dataArea"];

/**
 * docs/product.md § Public pages: unknown paths redirect to /404, also inside an area (/exhibitorInfo/no-such-page).
 * docs/product.md § Sign-in and sessions: a page of the product outside the signed-in user's (filtered) menu goes to /401,
 * also when this build has no page for it yet.
 */
async function target({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.replace(/(.)\/+$/, "$1");
  const inArea = PRODUCT_AREAS.some((area) => path === area || path.startsWith(`${area}/`));
  if (inArea && !isPublicPage(context.pages ?? [], path) && isSpecPage(path)) {
    const user = await getShellUser(request, context);
    if (user && !user.allowed.has(path)) return "/401";
  }
  return "/404";
}

/** The splat is whatever path was typed; a token route's path that it catches is blanked by that route's own rule. */
export const handle = { pathParams: "public" } satisfies PageHandle;

export async function loader(args: LoaderFunctionArgs) {
  return redirect(await target(args));
}

export async function action(args: LoaderFunctionArgs) {
  return redirect(await target(args));
}
