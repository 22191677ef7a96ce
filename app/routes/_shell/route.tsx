import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, type ShouldRevalidateFunction, useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useIsomorphicEffect } from "@mantine/hooks";
import { frameNeedsReload, rememberOpenTabs, tabPathOf } from "~/lib/frame-revalidation";
import type { ReactNode } from "react";
import { ShellBreadcrumbs } from "~/components/shell/breadcrumbs";
import { ShellFooter } from "~/components/shell/footer";
import { ShellHeader } from "~/components/shell/header";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { areaOf } from "~/components/shell/area-layout";
import { ShellTabs } from "~/components/shell/tabs";
import type { FrameTab } from "~/components/shell/types";
import { ContractorBanner } from "~/components/shell/contractor-banner";
import { ReadOnlyBanner } from "~/components/shell/read-only-banner";
import { areaAccessOf } from "~/contracts/team/areas";
import { useAccountWatch, useVersionCheck } from "~/components/shell/watchers";
import { businessNameFor } from "~/lib/display";
import { getShellUser, requireShellUser, siteSettingsFor } from "~/lib/permissions.server";
import { isPublicPage, myInfoPath, rulesFor } from "~/contracts/permission/page-rules";
import { isSkinId } from "~/contracts/settings/skin-values";
import { pageTitle, tabsFor, topNavigation } from "~/lib/shell-nav.server";
import { readSidebarCollapsed, readTabs, serializeTabs, withVisited } from "~/lib/ui-state.server";
import { getLanguage } from "~/lib/cookies.server";
import shellCss from "~/styles/shell.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: shellCss }];

/** A page without a title of its own is named as its tab is (issue 51), in the user's language. */
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => [
  {
    title:
      data?.tabs.find((tab) => tab.path === tabPathOf(location.pathname))?.title ??
      data?.title ??
      (matches.find((match) => match.id === "root")?.data as { appTitle?: string } | undefined)?.appTitle ??
      "Exhibitor Portal",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = tabPathOf(new URL(request.url).pathname);
  const pages = context.pages ?? [];
  const user = await (isPublicPage(pages, path) ? getShellUser(request, context) : requireShellUser(request, context));
  const language = getLanguage(request);
  const site = await siteSettingsFor(request, context, user);
  const base = {
    language,
    // The organizer's settings (issue 52): an empty one hides its element.
    site,
    demo: site.demo,
    // docs/product.md § Footer and floating buttons: a page may go without the floating buttons (its handle says floatingButtons: false).
    showFloating: rulesFor(pages, path).floatingButtons !== false,
    sidebarCollapsed: readSidebarCollapsed(request),
  };
  if (!user) {
    return json({ ...base, title: pageTitle([], path, language, pages), user: null, nav: null, tabs: [] as FrameTab[], skin: null, readOnly: false });
  }
  const { infoVO } = user.info;
  const team = infoVO.team && "grants" in infoVO.team ? infoVO.team : null;
  const myInfo = myInfoPath(pages);
  const visited = withVisited(readTabs(request), path);
  const headers = new Headers();
  if (visited.length !== readTabs(request).length) headers.append("Set-Cookie", serializeTabs(visited, context));
  return json(
    {
      ...base,
      title: pageTitle(user.menus, path, language, pages),
      user: {
        id: infoVO.id,
        username: infoVO.username,
        displayName: businessNameFor(infoVO, language),
        roleId: infoVO.roleId,
        boothNo: infoVO.boothNo,
        currentBoothId: infoVO.boothId,
        booths: infoVO.booths.map((b) => ({ boothId: b.boothId, boothNo: b.boothNo })),
        // 'My info' opens the exhibitor data page, offered once this build has it and the menu allows it.
        myInfoPath: myInfo && user.allowed.has(myInfo) && !infoVO.contractor ? myInfo : null,
        contractor: infoVO.contractor ? { companyName: infoVO.contractor.companyName, contactName: infoVO.contractor.contactName } : null,
      },
      skin: isSkinId(user.skin) ? user.skin : null,
      nav: topNavigation(user.menus, language, pages),
      // Each tab with what the frame shows on its page: the browser opens an open tab without asking again (frame-revalidation.ts).
      tabs: tabsFor(visited, user.menus, language, pages).map(
        (tab): FrameTab => ({ ...tab, floating: rulesFor(pages, tab.path).floatingButtons !== false, readOnly: areaAccessOf(team, tab.path) === "read" }),
      ),
      // A team member or staff account that may only read this page's area (docs/decisions/069).
      readOnly: areaAccessOf(team, path) === "read",
    },
    { headers },
  );
}

/**
 * Asked again on a navigation to a page that is not an open tab, and after every post but one whose
 * answer says the frame is unchanged (frame-revalidation.ts). Each area's sidebar is its layout's (area-layout.tsx).
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => frameNeedsReload(args);

export default function Shell() {
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}

/**
 * A page outside an area that fails (its loader or its render) shows the error page inside the shell:
 * header, menus and tabs stay usable. When the shell's own loader failed, the root's page shows.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_shell");
  if (!data) return <GeneralErrorBoundary />;
  return (
    <ShellFrame>
      <GeneralErrorBoundary landmark="section" />
    </ShellFrame>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("routes/_shell")!;
  const location = useLocation();
  // The frame is not asked again on the way to an open tab: what it shows for this page is the tab's.
  const here = data.tabs.find((tab) => tab.path === tabPathOf(location.pathname));
  const readOnly = here ? here.readOnly : data.readOnly;
  const showFloating = here ? here.floating : data.showFloating;
  // In the commit itself (a layout effect): a click right after hydration already finds the open tabs.
  useIsomorphicEffect(() => rememberOpenTabs(data.tabs.map((tab) => tab.path)), [data.tabs]);
  useVersionCheck();
  useAccountWatch(data.user?.id ?? null);
  // The area layout below (if any) renders the sidebar; the header's menu button and its checkbox are the shell's.
  const hasSidebar = Boolean(areaOf(useMatches()));
  // Inside an area the page's <main> is the area layout's, so the area's sidebar is not part of it.
  const Content = hasSidebar ? "div" : "main";
  return (
    <div
      className="shell"
      style={data.skin ? { backgroundImage: `url(/skins/${data.skin}.svg)`, backgroundSize: "cover", backgroundAttachment: "fixed" } : undefined}
      data-skin={data.skin ?? undefined}
      data-collapsed={data.sidebarCollapsed ? "true" : "false"}
      data-has-sidebar={hasSidebar ? "true" : "false"}
    >
      {/* The mobile menu opens with this checkbox, so it works without JavaScript. */}
      {hasSidebar ? <input type="checkbox" id="shell-nav-toggle" className="shell-nav-toggle visually-hidden" aria-hidden="true" tabIndex={-1} /> : null}
      <ShellHeader language={data.language} user={data.user} nav={data.nav} hasSidebar={hasSidebar} demo={data.demo} />
      <div className="shell-body">
        <div className="shell-main">
          {data.user ? <ShellTabs tabs={data.tabs} current={location.pathname} /> : null}
          {/* data-area-access hides the page's save buttons by CSS, so it holds without JavaScript too; the API refuses a change anyway. */}
          <Content id={hasSidebar ? undefined : "main"} className="shell-content" data-area-access={readOnly ? "read" : undefined}>
            {data.user?.contractor ? <ContractorBanner user={data.user} /> : null}
            {readOnly ? <ReadOnlyBanner /> : null}
            <ShellBreadcrumbs />
            {children}
          </Content>
          <ShellFooter language={data.language} site={data.site} showFloating={showFloating && Boolean(data.user)} signedIn={Boolean(data.user)} />
        </div>
      </div>
    </div>
  );
}
