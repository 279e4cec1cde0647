import { redirect } from "@remix-run/cloudflare";

/** The old card browser's address lives on as a permanent redirect. */
export function loader() {
  return redirect("/cards", 301);
}
