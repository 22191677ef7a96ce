import { Form, NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { NavItem } from "./types";

function SideLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const content = (
    <>
      <span className="shell-side-icon" aria-hidden="true">
        {item.label.slice(0, 1)}
      </span>
      <span className="shell-side-label">{item.label}</span>
      {item.isNew ? <span className="shell-badge">{t("shell.newFeature")}</span> : null}
    </>
  );
  if (item.url) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" className="shell-side-link" title={item.label}>
        {content}
      </a>
    );
  }
  return (
    <NavLink to={item.route} className="shell-side-link" title={item.label} prefetch="intent" end>
      {content}
    </NavLink>
  );
}

/**
 * The current area's pages. Submenus are <details name="…">: the browser keeps only one
 * open at a time (docs/product.md § Sidebar, tabs and breadcrumbs), with or without JavaScript.
 */
export function ShellSidebar({ area, collapsed }: { area: { title: string; items: NavItem[] }; collapsed: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const isOpen = (item: NavItem): boolean => item.children.some((c) => c.route === location.pathname || isOpen(c));
  return (
    <>
      <label htmlFor="shell-nav-toggle" className="shell-overlay" aria-label={t("shell.closeMenu")} />
      <aside className="shell-sidebar" aria-label={t("shell.areaMenu")}>
        <Form method="post" action="/ui" className="shell-collapse-form">
          <input type="hidden" name="redirectTo" value={here} />
          <button
            type="submit"
            name="intent"
            value="toggleSidebar"
            className="shell-collapse"
            aria-label={collapsed ? t("shell.expandSidebar") : t("shell.collapseSidebar")}
            title={collapsed ? t("shell.expandSidebar") : t("shell.collapseSidebar")}
          >
            {collapsed ? "»" : "«"}
          </button>
        </Form>
        <p className="shell-side-title">{area.title}</p>
        <ul className="shell-side-list">
          {area.items.map((item) =>
            item.children.length ? (
              <li key={item.id}>
                <details name="shell-submenu" open={isOpen(item)}>
                  <summary className="shell-side-link">
                    <span className="shell-side-icon" aria-hidden="true">
                      {item.label.slice(0, 1)}
                    </span>
                    <span className="shell-side-label">{item.label}</span>
                  </summary>
                  <ul className="shell-side-list shell-side-sub">
                    {item.children.map((child) => (
                      <li key={child.id}>
                        <SideLink item={child} />
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ) : (
              <li key={item.id}>
                <SideLink item={item} />
              </li>
            ),
          )}
        </ul>
      </aside>
    </>
  );
}
