import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorPage } from "./error-page";

/**
 * Errors are pages, in the portal's words: 401/403, 404 and everything else (with the request id
 * for a 500). The root shows it alone; the shell and each area layout show it in their frame, so the
 * menus stay usable (`landmark="section"` there).
 */
export function GeneralErrorBoundary({ landmark = "main" }: { landmark?: "main" | "section" }) {
  const error = useRouteError();
  const root = useRouteLoaderData<{ requestId?: string }>("root");
  if (!isRouteErrorResponse(error)) {
    if (typeof document !== "undefined") console.error(error);
    return <ErrorPage status={500} messageKey="errors.system" requestId={root?.requestId} landmark={landmark} />;
  }
  if (error.status === 401 || error.status === 403) return <ErrorPage status={error.status} messageKey="errors.noPermission" landmark={landmark} />;
  if (error.status === 404) return <ErrorPage status={404} messageKey="errors.notFound" landmark={landmark} />;
  const detail = typeof error.data === "string" && error.data ? error.data : undefined;
  return (
    <ErrorPage
      status={error.status}
      messageKey="errors.requestFailed"
      detail={detail}
      requestId={error.status >= 500 ? root?.requestId : null}
      landmark={landmark}
    />
  );
}
