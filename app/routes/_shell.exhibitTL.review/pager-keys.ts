import "~/contracts/transport/texts";

/** The transport lists' pager texts (the review list, the carrier's orders, the Taiwan filings). */
export const TRANSPORT_PAGER_KEYS = { previous: "transport.page.previous", next: "transport.page.next", pageOf: "transport.page.pageOf" };
