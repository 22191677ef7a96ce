import { Form, Link, NavLink, useLocation, useNavigation } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/texts";
import type { Language } from "~/contracts/i18n/config";
import { truncateUsername } from "~/contracts/common/format";
import { LanguageSwitch } from "../language-switch";
import { DemoMark } from "../demo-mark";
import type { ShellUserSummary, TopNavigation, TopNavItem } from "./types";

/** The header's dropdowns share one name: the browser keeps one open at a time, with or without JavaScript. */
const HEADER_MENU = "shell-header-menu";

const isActive = (pathname: string, item: TopNavItem) => pathname === item.route || pathname.startsWith(`${item.route}/`);

function TopLink({ item }: { item: TopNavItem }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = isActive(location.pathname, item);
  const badge = item.isNew ? <span className="shell-badge">{t("shell.newFeature")}</span> : null;
  if (item.url) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" className="shell-toplink">
        {item.label}
        {badge}
      </a>
    );
  }
  return (
    <Link to={item.href} className="shell-toplink" aria-current={active ? "page" : undefined} prefetch="intent">
      {item.label}
      {badge}
    </Link>
  );
}

/** One layout of the top navigation: its first `count` items, the rest under 'more'; the other width's copy is hidden by CSS. */
function TopNav({ items, count, className }: { items: TopNavItem[]; count: number; className: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const more = items.slice(count);
  return (
    <ul className={`shell-topnav ${className}`}>
      {items.slice(0, count).map((item) => (
        <li key={item.id}>
          <TopLink item={item} />
        </li>
      ))}
      {more.length ? (
        <li>
          {/* Under 1024 px the panel spans the menu's width below it (shell.css): nothing clips it. */}
          <details className="shell-dropdown" name={HEADER_MENU}>
            <summary className="shell-toplink" data-active={more.some((item) => isActive(location.pathname, item)) || undefined}>
              {t("shell.more")}
            </summary>
            <ul className="shell-dropdown-panel">
              {more.map((item) => (
                <li key={item.id}>
                  <TopLink item={item} />
                </li>
              ))}
            </ul>
          </details>
        </li>
      ) : null}
    </ul>
  );
}

function UserMenu({ user }: { user: ShellUserSummary }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <details className="shell-dropdown shell-usermenu" name={HEADER_MENU}>
      <summary className="shell-toplink" data-testid="user-label" title={user.username}>
        {truncateUsername(user.username)}
      </summary>
      <div className="shell-dropdown-panel shell-dropdown-right">
        <p className="shell-usermenu-name">{user.displayName}</p>
        {user.contractor ? (
          <p className="shell-usermenu-booth" data-testid="contractor-label">
            {t("shell.actingAs", { company: user.contractor.companyName, contact: user.contractor.contactName })}
          </p>
        ) : null}
        {user.boothNo ? (
          user.booths.length > 1 ? (
            <Form method="post" action="/booth" className="shell-booth-form">
              <input type="hidden" name="redirectTo" value={here} />
              <label htmlFor="shell-booth">{t("shell.booth")}</label>
              <select id="shell-booth" name="boothId" defaultValue={user.currentBoothId ?? undefined}>
                {user.booths.map((b) => (
                  <option key={b.boothId} value={b.boothId}>
                    {b.boothNo}
                  </option>
                ))}
              </select>
              <button type="submit">{t("shell.switchBooth")}</button>
            </Form>
          ) : (
            <p className="shell-usermenu-booth" data-testid="booth-no">
              {t("shell.boothNo", { boothNo: user.boothNo })}
            </p>
          )
        ) : null}
        <ul>
          {user.myInfoPath ? (
            <li>
              <Link to={user.myInfoPath}>{t("shell.myInfo")}</Link>
            </li>
          ) : null}
          {user.contractor ? null : (
            <>
              <li>
                <Link to="/changePassword">{t("shell.changePassword")}</Link>
              </li>
              <li>
                <Link to="/feedback">{t("shell.feedback")}</Link>
              </li>
            </>
          )}
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className="shell-linkbutton">
                {t("shell.logout")}
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * With JavaScript a page change keeps the header: the dropdowns and the mobile sidebar (its checkbox)
 * would stay open over the new page. They close when a page change starts, on a tap outside them and on
 * Escape. Closing at the start, not once the new page shows, leaves alone a menu opened while it loads.
 */
function useMenusClose(header: RefObject<HTMLElement | null>) {
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (!navigating) return;
    for (const menu of header.current?.querySelectorAll("details[open]") ?? []) menu.removeAttribute("open");
    const sidebarToggle = document.getElementById("shell-nav-toggle");
    if (sidebarToggle instanceof HTMLInputElement) sidebarToggle.checked = false;
  }, [navigating, header]);
  useEffect(() => {
    const openMenus = () => [...(header.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? [])];
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const menu of openMenus()) {
        const hadFocus = menu.contains(document.activeElement);
        menu.open = false;
        if (hadFocus) menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [header]);
}

export function ShellHeader({
  language,
  user,
  nav,
  hasSidebar,
  demo,
}: {
  language: Language;
  user: ShellUserSummary | null;
  nav: TopNavigation | null;
  hasSidebar: boolean;
  demo: boolean;
}) {
  const { t } = useTranslation();
  const header = useRef<HTMLElement>(null);
  useMenusClose(header);
  return (
    <header className="shell-header" ref={header}>
      <a href="#main" className="shell-skip">
        {t("app.skipToContent")}
      </a>
      {hasSidebar ? (
        <label htmlFor="shell-nav-toggle" className="shell-burger" aria-label={t("shell.openMenu")} title={t("shell.openMenu")}>
          ☰
        </label>
      ) : null}
      <NavLink to="/index" className="shell-title">
        {t("app.title")}
      </NavLink>
      {demo ? <DemoMark /> : null}
      {nav ? (
        <nav aria-label={t("shell.mainMenu")} className="shell-topnav-wrap">
          {/* English always groups by 4; Chinese by 10 over 1280 px, otherwise 4 (docs/product.md § Header and menus). */}
          <TopNav items={nav.items} count={language === "en" ? nav.narrowCount : nav.wideCount} className="shell-topnav-wide" />
          <TopNav items={nav.items} count={nav.narrowCount} className="shell-topnav-narrow" />
        </nav>
      ) : (
        <span className="shell-spacer" />
      )}
      <div className="shell-header-tools">
        {/* Switching signs out (docs/product.md § Service orders), which would spend a contractor's one-time code. */}
        {user?.contractor ? null : <LanguageSwitch current={language} />}
        {user ? (
          <UserMenu user={user} />
        ) : (
          <Link to="/login" className="shell-toplink">
            {t("shell.signIn")}
          </Link>
        )}
      </div>
    </header>
  );
}
