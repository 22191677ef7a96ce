/** The organizer's service catalogue and overseas agents pages (issue 52), linked from /index/settings. zod-free for the browser. */
export const SERVICES_SETTINGS_PATH = "/index/settings/services";
export const AGENTS_SETTINGS_PATH = "/index/settings/overseasAgents";
/** Where the price periods (the last advance day) are set: the exhibition calendar. */
export const PRICE_PERIODS_PATH = "/index/calendar";

export const CATALOGUE_CODE_MAX = 40;
export const CATALOGUE_NAME_MAX = 200;
export const SERVICE_UNIT_MAX = 20;
export const AGENT_REGIONS_MAX = 200;
export const AGENT_INTRO_MAX = 2000;
export const AGENT_PHONE_MAX = 40;
export const CATALOGUE_SORT_MAX = 9999;
/** 1,000,000.00 CNY per unit: far above any on-site service, well inside an integer column. */
export const SERVICE_PRICE_MAX_CENTS = 100_000_000;
/** Letters, digits, "-" and "_": how the CLI and the seed name a row. */
export const CATALOGUE_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
export const CATALOGUE_PAGE_SIZE = 20;
