import type { LoaderFunctionArgs } from "@remix-run/node";
import { badgeEndpoints } from "~/contracts/badges/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/exhibitorCertificateApply", pathParams: "public" } satisfies PageHandle;

/**
 * The badge files, each a plain link: the Excel template, the export, the printable badges and a
 * badge's QR. A function: the endpoints are server code, gone from the browser's copy of this module.
 */
const files = () => ({
  template: { endpoint: badgeEndpoints.template, params: [] },
  export: { endpoint: badgeEndpoints.export, params: ["keyword"] },
  print: { endpoint: badgeEndpoints.print, params: ["ids", "layout"] },
  qr: { endpoint: badgeEndpoints.qr, params: ["id"] },
});

/**
 * GET /exhibitorInfo/exhibitorCertificateApply/<template|export|print|qr>, with the badge page's
 * permission. The API answers only with the caller's own badges; its attachment passes through.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const table = files();
  if (!Object.hasOwn(table, params.file ?? "")) throw new Response("Not found", { status: 404 });
  const file = table[params.file as keyof typeof table];
  const url = new URL(request.url);
  const query = Object.fromEntries(file.params.flatMap((name) => (url.searchParams.has(name) ? [[name, url.searchParams.get(name)!.slice(0, 2000)]] : [])));
  const response = await user.api.download(file.endpoint, query);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
