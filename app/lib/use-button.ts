import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
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
