import { redirect } from "@remix-run/node";

/** Spec point 2: '/' goes to /index inside the main layout. */
export async function loader() {
  return redirect("/index");
}
