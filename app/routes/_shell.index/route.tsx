import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { getLanguage } from "~/lib/cookies.server";
import { HOME_LEFT_MENU } from "~/contracts/permission/menus";
import { getShellUser, siteSettingsFor } from "~/lib/permissions.server";
import { isPublicPage, pageExistsIn } from "~/contracts/permission/page-rules";
import homeCss from "~/styles/home.css";
import "~/contracts/home/texts";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: homeCss }];

/** docs/product.md § Sidebar, tabs and breadcrumbs: the home area's pages hide the sidebar and are not kept in the tab cache. */

const LABEL_KEYS: Record<string, string> = {
  "/index/schedule": "home.pages.schedule",
  "/index/promote": "home.pages.promote",
  "/index/premise": "home.pages.premise",
  "/exhibitTL/carriage": "home.pages.carriage",
  "/index/service": "home.pages.service",
  "/index/hotel": "home.pages.hotel",
};

type MenuEntry = { to: string; labelKey: string; external: boolean };

/**
 * /index sub-layout. Its subpages are public, so this loader only asks who is signed in;
 * the home page (/index itself) enforces sign-in in its own loader.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getShellUser(request, context);
  const language = user?.language ?? getLanguage(request);
  const chinese = language === "zh";
  const pageExists = user?.pageExists ?? pageExistsIn(context.pages ?? []);
  const entries: MenuEntry[] = HOME_LEFT_MENU.filter((item) => chinese || !item.zhOnly)
    // Only pages this build has (the transport area, for one, is still to come).
    .filter((item) => pageExists(item.route))
    // A signed-in user only gets links to pages of their menu (public pages are always open).
    .filter((item) => !user || isPublicPage(context.pages ?? [], item.route) || user.allowed.has(item.route))
    .map((item) => ({ to: item.route, labelKey: LABEL_KEYS[item.route] ?? item.route, external: false }));
  // The organizer's special-booth drawing site (Chinese-only home item, docs/product.md § Languages); none set, no link (issue 52).
  const { drawingSiteUrl } = await siteSettingsFor(request, context, user);
  if (chinese && drawingSiteUrl) entries.push({ to: drawingSiteUrl, labelKey: "home.pages.drawingSubmission", external: true });
  return json({ entries });
}

export default function HomeArea() {
  const { t } = useTranslation();
  const { entries } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // The left menu belongs to the subpages; the home page itself has none.
  const showMenu = pathname.replace(/\/+$/, "") !== "/index";
  if (!showMenu) return <Outlet />;
  return (
    <div className="home-area">
      <nav className="home-menu" aria-label={t("home.menuLabel")}>
        <ul className="home-menu-list">
          {entries.map((entry) => (
            <li key={entry.to}>
              {entry.external ? (
                <a className="home-menu-link" href={entry.to} target="_blank" rel="noopener noreferrer">
                  {t(entry.labelKey)}
                  <span className="visually-hidden"> {t("home.opensNewWindow")}</span>
                </a>
              ) : (
                <NavLink className="home-menu-link" to={entry.to} prefetch="intent">
                  {t(entry.labelKey)}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="home-content">
        <Outlet />
      </div>
    </div>
  );
}
