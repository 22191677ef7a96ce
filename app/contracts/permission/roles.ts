/**
 * The accounts' roles (roleId). The organizer (1) runs the show: it sees every button, unmasked
 * contacts, and the review, export and settings side of every area. Exhibitors (2) hold booths;
 * carriers (3) move exhibits for them.
 */
export const ORGANIZER_ROLE_ID = 1;
export const EXHIBITOR_ROLE_ID = 2;
export const CARRIER_ROLE_ID = 3;
/** A person on an exhibitor's team (docs/decisions/069): signs in to act for the company's account within their grants. */
export const MEMBER_ROLE_ID = 4;

export const isOrganizer = (roleId: number) => roleId === ORGANIZER_ROLE_ID;
