import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { showcaseEndpoints } from "~/contracts/showcase/endpoints.server";
import { requireOk } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/miniProgram" } satisfies PageHandle;

/**
 * GET /exhibitorInfo/miniProgram/qr(?download=1): the QR code of the caller's showcase page as a
 * PNG, shown in place or downloaded. The API answers it as a data URL (POST /wx/getMiniQrCode).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const result = await api.call(showcaseEndpoints.qrCode, {});
  if (!result.ok && result.code === 400) throw new Response(result.message, { status: 404 });
  const qr = await requireOk(result, request, context);
  const bytes = Buffer.from(qr.png.replace(/^data:image\/png;base64,/, ""), "base64");
  const download = new URL(request.url).searchParams.get("download") === "1";
  return new Response(bytes, {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `${download ? "attachment" : "inline"}; filename="showcase-qr.png"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
