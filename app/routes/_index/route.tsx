import { redirect } from "@remix-run/node";

/** docs/product.md § Public pages: '/' goes to /index inside the main layout. */
export async function loader() {
  return redirect("/index");
}
