/** The bus and parking guides tables (issue 41), part of DB (./index.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in with the domain's tables
export interface TrafficGuideTables {}
