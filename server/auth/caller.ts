/**
 * Who calls a domain's rules: the signed-in account, its exhibition and role, the booth its session
 * works on, and the name its records' history shows (server/api/caller.ts builds it from the session).
 */
export type Caller = { userId: number; exhibitionId: number; roleId: number; sessionBoothId: number | null; label: string };
