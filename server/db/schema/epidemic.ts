/** The epidemic declaration tables (issue 41), part of DB (./index.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in with the domain's tables
export interface EpidemicTables {}
