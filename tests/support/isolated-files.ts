/**
 * Test files that replace a module with vi.mock: they run in vitest's `isolated` project, with a
 * module graph of their own; every other file shares its worker's (docs/decisions/062).
 */
export const ISOLATED_FILES = ["tests/api/approved-public-profile.test.ts"];
