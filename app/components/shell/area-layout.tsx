import type { ShouldRevalidateFunction, UIMatch } from "@remix-run/react";
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { ShellSidebar } from "./sidebar";
import type { NavItem } from "./types";

/**
 * An area (docs/product.md § Areas: /exhibitorInfo, /bookingService, …) is a layout route: its loader
 * (app/lib/area.server.ts) gives the area's sidebar from the permission info the shell already
 * loaded, and any area-wide data or guard; its component is the sidebar beside the page's <Outlet/>.
 */
export type AreaData = { area: { title: string; items: NavItem[] } | null };

/**
 * An area layout's `handle`: marks it for the shell (menu button) and the error boundary, and
 * carries the area's rules, e.g. `areaHandle({ hiddenInEnglish: true })` (docs/product.md § Menus and page access).
 */
export function areaHandle(area: NonNullable<PageHandle["area"]> = {}) {
  return { area } satisfies PageHandle;
}

/** The matched area layout's sidebar, if the page is inside one. */
export function areaOf(matches: UIMatch[]) {
  const match = matches.find((m) => (m.handle as PageHandle | undefined)?.area);
  return (match?.data as AreaData | undefined)?.area ?? null;
}

/**
 * The sidebar depends on the session, the booth and the language only: moving between the area's
 * pages or posting its forms does not ask the API again. Those three change through these actions.
 */
const SESSION_CHANGES = /^\/(booth|language|logout|login|contractor)(\?|$)/;
export const areaShouldRevalidate: ShouldRevalidateFunction = ({ formAction, currentUrl, nextUrl }) =>
  Boolean(formAction && SESSION_CHANGES.test(formAction)) || currentUrl.pathname.split("/")[1] !== nextUrl.pathname.split("/")[1];

function AreaFrame({ area, children }: { area: AreaData["area"]; children: ReactNode }) {
  const sidebarCollapsed = useRouteLoaderData<{ sidebarCollapsed?: boolean }>("routes/_shell")?.sidebarCollapsed ?? false;
  if (!area) return <>{children}</>;
  return (
    <div className="area-layout">
      <ShellSidebar area={area} collapsed={sidebarCollapsed} />
      <main id="main" className="area-content">
        {children}
      </main>
    </div>
  );
}

/** The layout route's component: `export default areaLayout("routes/_shell.exhibitorInfo")`. */
export function areaLayout(routeId: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: each layout route calls areaLayout once at module level, so every route has one stable component, never a new one per render
  return function AreaLayout() {
    const data = useRouteLoaderData<AreaData>(routeId);
    return (
      <AreaFrame area={data?.area ?? null}>
        <Outlet />
      </AreaFrame>
    );
  };
}

/** A page of the area that fails shows the error page beside the area's sidebar, inside the shell. */
export function areaErrorBoundary(routeId: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: each layout route calls areaErrorBoundary once at module level, so every route has one stable component, never a new one per render
  return function AreaErrorBoundary() {
    const data = useRouteLoaderData<AreaData>(routeId);
    return (
      <AreaFrame area={data?.area ?? null}>
        <GeneralErrorBoundary landmark="section" />
      </AreaFrame>
    );
  };
}
