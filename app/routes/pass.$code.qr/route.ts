import type { LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { apiFor } from "~/lib/api.server";

export const handle = { public: true, inAppBrowser: true, tokenInUrl: true, pathParams: "secret" } satisfies PageHandle;

/**
 * GET /pass/<code>/qr: the pass's QR as a PNG (a picture a phone keeps in its photos with a long press,
 * which an SVG is not in every in-app browser). It encodes the lead URL, made whole with the address
 * the page was opened at while the exhibition has no public address. `?download=1` saves it.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const result = await api.call(leadEndpoints.pass, { code: params.code ?? "" });
  if (!result.ok) throw new Response("Not Found", { status: 404 });
  const link = new URL(result.data.leadUrl, new URL(request.url).origin).href;
  const png = await QRCode.toBuffer(link, { type: "png", width: 480, margin: 2, errorCorrectionLevel: "M" });
  const headers = new Headers({ "Content-Type": "image/png", "Content-Length": String(png.length) });
  if (new URL(request.url).searchParams.get("download")) headers.set("Content-Disposition", 'attachment; filename="visitor-pass.png"');
  return new Response(new Uint8Array(png), { status: 200, headers });
}
