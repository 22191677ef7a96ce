import type { ComponentProps } from "react";
import { ListPager } from "./list-pager";

/** ListPager with the common texts (Previous, "page n of m", Next), for lists of no feature's own. */
export function CommonPager(props: Omit<ComponentProps<typeof ListPager>, "keys">) {
  return <ListPager {...props} keys={{ previous: "common.previous", next: "common.next", pageOf: "common.pageOf" }} />;
}
