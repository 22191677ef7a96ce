import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/error-page";
import { pageHandle } from "~/lib/page-handle";

export const handle = pageHandle({ public: true });

/** Where a 403 from the API lands (spec point 8): 'Insufficient permissions'. */
export async function loader(_: LoaderFunctionArgs) {
  return json(null, { status: 403 });
}

export default function NoPermissionPage() {
  return <ErrorPage status={401} messageKey="errors.noPermission" detailKey="errors.insufficientPermissions" />;
}
