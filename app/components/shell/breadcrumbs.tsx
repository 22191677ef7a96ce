import { Link, useMatches } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";

type Crumb = { breadcrumb?: string };
const crumbOf = (m: { handle: unknown; data: unknown }) =>
  // A loader may name its own crumb (one route serving several pages); else the route's handle.
  (m.data as Crumb | null | undefined)?.breadcrumb ?? (m.handle as Crumb | undefined)?.breadcrumb;

/** Breadcrumbs from each matched route's `handle.breadcrumb` (an i18n key). */
export function ShellBreadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useMatches()
    .filter((m) => crumbOf(m) && m.pathname.replace(/\/$/, "") !== "/index")
    .map((m) => ({ path: m.pathname, label: t(crumbOf(m)!) }));
  if (!crumbs.length) return null;
  return (
    <nav aria-label={t("shell.breadcrumbs")} className="shell-breadcrumbs">
      <ol>
        <li>
          <Link to="/index">{t("shell.home")}</Link>
        </li>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path}>{i === crumbs.length - 1 ? <span aria-current="page">{crumb.label}</span> : <Link to={crumb.path}>{crumb.label}</Link>}</li>
        ))}
      </ol>
    </nav>
  );
}
