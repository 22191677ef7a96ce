import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/error-page";
import type { PageHandle } from "~/contracts/permission/page-handle";

export const handle = { public: true } satisfies PageHandle;

export async function loader(_: LoaderFunctionArgs) {
  return json(null, { status: 404 });
}

export default function NotFoundPage() {
  return <ErrorPage status={404} messageKey="errors.notFound" />;
}
