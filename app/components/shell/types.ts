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

export type ShellTab = { path: string; title: string };

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
