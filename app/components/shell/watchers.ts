import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/texts";

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

/** docs/product.md § Version check and other tabs: on each navigation compare this page's build with the server's; ask once to refresh. */
export function useVersionCheck() {
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    const mine = window.__remixManifest?.version;
    const checked = location.pathname;
    // The page's own mark that this page's check is over (asked or not): what a test waits for, never a time.
    const done = () => {
      document.documentElement.dataset.versionChecked = checked;
    };
    if (!mine || sessionStorage.getItem("portal-version-alerted")) return done();
    const controller = new AbortController();
    fetch("/version.json", { cache: "no-store", signal: controller.signal })
      .then((r) => (r.ok ? r.json() : null))
      .then((remote: { versionHash?: string } | null) => {
        if (!remote?.versionHash || remote.versionHash === mine) return;
        sessionStorage.setItem("portal-version-alerted", "1");
        if (window.confirm(t("shell.versionChanged"))) window.location.reload();
      })
      .catch(() => {})
      .finally(() => {
        if (!controller.signal.aborted) done();
      });
    return () => controller.abort();
  }, [location.pathname, t]);
}

/** docs/product.md § Version check and other tabs: when another tab signs in as someone else, this tab reloads to the index on focus. */
export function useAccountWatch(userId: number | null) {
  const { t } = useTranslation();
  useEffect(() => {
    if (userId === null) return;
    const key = "portal-user";
    localStorage.setItem(key, String(userId));
    const onFocus = () => {
      const current = localStorage.getItem(key);
      if (current && current !== String(userId)) {
        window.alert(t("shell.accountChanged"));
        window.location.assign("/index");
      }
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [userId, t]);
}
