import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPage } from "./error-page";

/** Errors are pages, in the portal's words: 401/403, 404 and everything else. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    if (typeof document !== "undefined") console.error(error);
    return <ErrorPage status={500} messageKey="errors.system" />;
  }
  if (error.status === 401 || error.status === 403) return <ErrorPage status={error.status} messageKey="errors.noPermission" />;
  if (error.status === 404) return <ErrorPage status={404} messageKey="errors.notFound" />;
  const detail = typeof error.data === "string" && error.data ? error.data : undefined;
  return <ErrorPage status={error.status} messageKey="errors.requestFailed" detail={detail} />;
}
