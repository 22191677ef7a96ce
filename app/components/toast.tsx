import { CloseButton } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A server message after a form post (spec point 8), over everything (z-index 9999). It is part of
 * the server-rendered page, so it shows without JavaScript; with JavaScript a success fades after a
 * few seconds and an error can be closed. Screen readers hear it (status or alert).
 */
export function Toast({ kind, id, testId, children }: { kind: "success" | "error"; id?: string; testId?: string; children: ReactNode }) {
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
