/** Issue 41 in the IDOR sweep (tests/api/idor.test.ts): one entry per endpoint, filled in with the domain's work. */
export const blueCarsSweep = {};
