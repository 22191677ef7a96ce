import { CloseButton } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";

/**
 * A server message after a form post (docs/product.md § Messages and errors), over everything (z-index 9999). It is part of
 * the server-rendered page, so it shows without JavaScript; with JavaScript a success fades after a
 * few seconds and an error can be closed. Screen readers hear it (status or alert).
 */
type ToastProps = { kind: "success" | "error"; id?: string; testId?: string; children: ReactNode };

/**
 * A toast a page renders from its own data (an action's answer, a notice): each submission's answer
 * is a new location, so the toast starts afresh (shown again, not closed, fading anew).
 */
export function Toast(props: ToastProps) {
  return <ToastBox key={useLocation().key} {...props} />;
}

/** The toast itself; the root renders the flash toast with this, keyed by the toast's id. */
export function ToastBox({ kind, id, testId, children }: ToastProps) {
  const { t } = useTranslation();
  const [enhanced, setEnhanced] = useState(false);
  const [closed, setClosed] = useState(false);
  // Runs only when JavaScript does: the fade (CSS, on data-fade) and the close button are enhancements.
  useEffect(() => setEnhanced(true), []);
  if (closed) return null;
  return (
    <div
      className="portal-toast"
      data-kind={kind}
      data-fade={enhanced && kind === "success" ? "true" : undefined}
      role={kind === "error" ? "alert" : "status"}
      id={id}
      data-testid={testId ?? "toast"}
    >
      <span className="portal-toast-text">{children}</span>
      {enhanced && kind === "error" ? <CloseButton size="sm" aria-label={t("common.close")} onClick={() => setClosed(true)} /> : null}
    </div>
  );
}
