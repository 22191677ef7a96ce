import { shellTitle } from "~/lib/page-title";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { ErrorPage } from "~/components/error-page";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { getLanguage } from "~/lib/cookies.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { public: true } satisfies PageHandle;

/** Where a 403 from the API lands (docs/product.md § Messages and errors): 'Insufficient permissions'. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json({ title: translate(getLanguage(request), "errors.noPermissionTitle") }, { status: 403 });
}

export default function NoPermissionPage() {
  return <ErrorPage status={401} messageKey="errors.noPermission" detailKey="errors.insufficientPermissions" />;
}
