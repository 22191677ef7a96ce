import type { LoaderFunctionArgs } from "@remix-run/node";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/boothConstruction/entrySafetyCommitment" } satisfies PageHandle;

/**
 * GET /boothConstruction/entrySafetyCommitment/pdf: the filled commitment of the booth in the
 * header, to print, sign and stamp. The API makes it (only for the caller's own booth) and it
 * passes through untouched.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(boothConstructionEndpoints.commitmentPdf, { boothId: user.info.infoVO.boothId ?? undefined });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
