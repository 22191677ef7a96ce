import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { settingsEndpoints } from "~/contracts/settings/endpoints.server";
import { FEEDBACK_INBOX_PATH } from "~/contracts/settings/feedback-inbox-values";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: FEEDBACK_INBOX_PATH, pathParams: "public" } satisfies PageHandle;

/** GET /index/feedbackInbox/<id>/image: the image attached to one feedback, the organizer's only (the API refuses everyone else). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(settingsEndpoints.feedbackImage, { id: params.id ?? "" });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
