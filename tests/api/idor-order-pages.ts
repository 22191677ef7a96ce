/** Part of the IDOR sweep (tests/api/idor.test.ts); entries as in idor-exhibitor.ts. */
export const orderPagesSweep = {};
