import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireTicket } from "~/features/auth/auth.server";
import { applyTabOperation, readSidebarCollapsed, readTabs, serializeSidebar, serializeTabs, type TabOperation } from "~/lib/ui-state.server";

/** Shell controls as plain form posts: sidebar collapse and the tabs strip (close / others / all). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireTicket(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = safeRedirect(form.get("redirectTo"));
  if (intent === "toggleSidebar") {
    return redirect(back, { headers: { "Set-Cookie": serializeSidebar(!readSidebarCollapsed(request), context) } });
  }
  const op = String(intent) as TabOperation;
  if (op === "close" || op === "closeOthers" || op === "closeAll") {
    const path = safeRedirect(form.get("path"));
    const tabs = applyTabOperation(readTabs(request), op, path);
    // Closing the page you are on moves to the last remaining tab (or home), as a tab strip does.
    const current = new URL(back, "http://x").pathname;
    const next = op === "closeAll" ? "/index" : tabs.includes(current) ? back : (tabs.at(-1) ?? "/index");
    return redirect(next, { headers: { "Set-Cookie": serializeTabs(tabs, context) } });
  }
  return redirect(back);
}

export async function loader() {
  return redirect("/index");
}
