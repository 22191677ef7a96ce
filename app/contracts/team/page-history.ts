/**
 * The exhibitor's pages whose records have no page of their own (a list of people, bookings, requests):
 * each shows the company's changes made on it, found in the history by the API actions that make them
 * (docs/decisions/069). A record with its own page shows its own History instead.
 */
export const PAGE_HISTORY_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  "/exhibitorInfo/epidemicDeclaration": ["/smeb/epidemic/commitment/", "/smeb/epidemic/member/"],
  "/exhibitorInfo/groupData": ["/smeb/exhibitor/info/saveGroupInfo"],
  "/exhibitorInfo/invitation/custom": ["/smeb/invitation/save", "/smeb/invitation/update", "/smeb/invitation/delete", "/smeb/invitation/exhibits/"],
  "/exhibitTL/smallExhibitsExpress": ["/smeb/express/"],
  "/exhibitTL/overseasExhibitTrans": ["/smeb/overseas/"],
  "/exhibitTL/exhibitsCostReservation": ["/smeb/shipment/forklift/"],
  "/HT/businessReservations": ["/smeb/reservation/meeting/", "/smeb/reservation/room/"],
};

export const PAGE_HISTORY_PAGES = Object.keys(PAGE_HISTORY_ACTIONS) as [string, ...string[]];

/** A page's changes show this many, newest first. */
export const PAGE_HISTORY_SIZE = 30;
