import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/error-page";
import type { PageHandle } from "~/contracts/permission/page-handle";

export const handle = { public: true } satisfies PageHandle;

/** Where a 403 from the API lands (docs/product.md § Messages and errors): 'Insufficient permissions'. */
export async function loader(_: LoaderFunctionArgs) {
  return json(null, { status: 403 });
}

export default function NoPermissionPage() {
  return <ErrorPage status={401} messageKey="errors.noPermission" detailKey="errors.insufficientPermissions" />;
}
