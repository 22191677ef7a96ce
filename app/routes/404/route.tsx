import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/error-page";
import { pageHandle } from "~/lib/page-handle";

export const handle = pageHandle({ public: true });

export async function loader(_: LoaderFunctionArgs) {
  return json(null, { status: 404 });
}

export default function NotFoundPage() {
  return <ErrorPage status={404} messageKey="errors.notFound" />;
}
