/** Filled in with the booth construction routes (issue 15). */
export const boothBuildSweep = {};
