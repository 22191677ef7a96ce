import { useMatches } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { DeadlineAction } from "../contracts/calendar/values";
import { buttonState, type ButtonGrants } from "../contracts/permission/buttons";

/** The grants the page sent with its data (buttonGrantsFor in its loader); none: no button shows. */
function usePageButtonGrants(): ButtonGrants | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const grants = (matches[index]!.data as { buttonGrants?: ButtonGrants | null } | undefined)?.buttonGrants;
    if (grants) return grants;
  }
  return null;
}

/**
 * The one helper pages use to show a permissioned button (docs/product.md § Button permissions). It only decides what to
 * render: every action behind a button checks the same rule on the server (requireButton).
 */
export function useButton(menuId: number, url: string) {
  const grants = usePageButtonGrants();
  const { language } = useTranslation();
  if (!grants) return { visible: false, closedMessage: null };
  // The server's clock (sysCurrentTime) decides, not the visitor's.
  return buttonState(grants.auths, { roleId: grants.roleId, menuId, url, now: grants.now, language });
}

/**
 * An action the exhibition calendar closes (decision 035), as its page shows it: open or not, its
 * deadline, when it opens, and the organizer's closed message. The same auths and rule as the API's
 * requireActionOpen, so the page never offers what the server would refuse.
 */
export function useActionWindow(action: DeadlineAction) {
  const grants = usePageButtonGrants();
  const state = useButton(action.menuId, action.url);
  const auth = grants?.auths.find((a) => a.pid === action.menuId && a.url === action.url);
  const start = auth?.buttonEffectStartTime ?? null;
  const now = grants?.now ?? 0;
  return {
    open: state.visible,
    deadline: auth?.buttonEffectEndTime ?? null,
    opensAt: !state.visible && start && Date.parse(start) > now ? start : null,
    closedMessage: state.closedMessage,
  };
}
