import { HiddenFields } from "~/components/hidden-fields";
import { Form, Link, useLocation } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "~/i18n/texts";
import type { ShellTab } from "./types";

/** The strip of visited pages, kept server-side (a cookie) so it works without JavaScript. */
export function ShellTabs({ tabs, current }: { tabs: ShellTab[]; current: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const actions = useRef<HTMLDetailsElement>(null);
  // With JavaScript, a right click on a tab opens the same actions for that tab (a context menu).
  const [target, setTarget] = useState<string | null>(null);
  if (!tabs.length) return null;
  return (
    <nav className="shell-tabs" aria-label={t("shell.tabs")}>
      <ul className="shell-tab-list">
        {tabs.map((tab) => (
          <li
            key={tab.path}
            className="shell-tab"
            data-active={tab.path === current ? "true" : "false"}
            onContextMenu={(event) => {
              event.preventDefault();
              setTarget(tab.path);
              if (actions.current) actions.current.open = true;
            }}
          >
            <Link to={tab.path} aria-current={tab.path === current ? "page" : undefined}>
              {tab.title}
            </Link>
            <Form method="post" action="/ui" className="inline-form">
              <HiddenFields values={{ redirectTo: here, path: tab.path }} />
              <button type="submit" name="intent" value="close" className="shell-tab-close" aria-label={`${t("shell.closeTab")} ${tab.title}`}>
                ×
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <details className="shell-dropdown shell-tab-actions" ref={actions} onToggle={(e) => !e.currentTarget.open && setTarget(null)}>
        <summary className="shell-tab-actions-button">{t("shell.tabActions")}</summary>
        <Form method="post" action="/ui" className="shell-dropdown-panel shell-dropdown-right">
          <HiddenFields values={{ redirectTo: here, path: target ?? current }} />
          <button type="submit" name="intent" value="close" className="shell-linkbutton">
            {t("shell.closeTab")}
          </button>
          <button type="submit" name="intent" value="closeOthers" className="shell-linkbutton">
            {t("shell.closeOthers")}
          </button>
          <button type="submit" name="intent" value="closeAll" className="shell-linkbutton">
            {t("shell.closeAll")}
          </button>
        </Form>
      </details>
    </nav>
  );
}
