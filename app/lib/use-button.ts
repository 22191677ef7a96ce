import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { DeadlineAction } from "../contracts/calendar/values";
import type { ButtonAuth } from "../contracts/permission/api-types";
import { buttonState } from "../contracts/permission/buttons";

type ShellButtons = { buttons: { roleId: number; now: number; auths: ButtonAuth[] } | null };

/**
 * The one helper pages use to show a permissioned button (docs/product.md § Button permissions). It only decides what to
 * render: every action behind a button checks the same rule on the server (requireButton).
 */
export function useButton(menuId: number, url: string) {
  const data = useRouteLoaderData<ShellButtons>("routes/_shell");
  const { language } = useTranslation();
  if (!data?.buttons) return { visible: false, closedMessage: null };
  // The server's clock (sysCurrentTime) decides, not the visitor's.
  return buttonState(data.buttons.auths, { roleId: data.buttons.roleId, menuId, url, now: data.buttons.now, language });
}

/**
 * An action the exhibition calendar closes (decision 035), as its page shows it: open or not, its
 * deadline, when it opens, and the organizer's closed message. The same auths and rule as the API's
 * requireActionOpen, so the page never offers what the server would refuse.
 */
export function useActionWindow(action: DeadlineAction) {
  const data = useRouteLoaderData<ShellButtons>("routes/_shell");
  const state = useButton(action.menuId, action.url);
  const auth = data?.buttons?.auths.find((a) => a.pid === action.menuId && a.url === action.url);
  const start = auth?.buttonEffectStartTime ?? null;
  const now = data?.buttons?.now ?? 0;
  return {
    open: state.visible,
    deadline: auth?.buttonEffectEndTime ?? null,
    opensAt: !state.visible && start && Date.parse(start) > now ? start : null,
    closedMessage: state.closedMessage,
  };
}
