/** Menu items as the shell renders them: already filtered, labelled in the chosen language. */
export type NavItem = {
  id: number;
  route: string;
  /** External address (opens in a new window) instead of a portal page. */
  url: string | null;
  label: string;
  icon: string | null;
  isNew: boolean;
  /** Where a click goes: the item's own page or its first child's. */
  href: string;
  children: NavItem[];
};

/** A top menu item: the header links to it and never opens its children (the area's sidebar does). */
export type TopNavItem = Omit<NavItem, "children" | "icon">;

/**
 * The top menu once (docs/product.md § Header and menus): the first `wideCount` items stand in the
 * wide header, the first `narrowCount` in the narrow one, the rest under 'more'.
 */
export type TopNavigation = { items: TopNavItem[]; wideCount: number; narrowCount: number };

export type ShellTab = { path: string; title: string };

/**
 * A tab as the frame sends it: with what the frame shows on that page, so the browser can open an
 * open tab without asking the frame again (app/lib/frame-revalidation.ts).
 */
export type FrameTab = ShellTab & { floating: boolean; readOnly: boolean };

export type ShellUserSummary = {
  id: number;
  username: string;
  displayName: string;
  roleId: number;
  boothNo: string | null;
  currentBoothId: number | null;
  booths: { boothId: number; boothNo: string }[];
  myInfoPath: string | null;
  /** An entrusted contractor signed in for this exhibitor: no personal pages, no language switch. */
  contractor: { companyName: string; contactName: string } | null;
};
