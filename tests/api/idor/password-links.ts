/**
 * The invitation and forgot-password part of the IDOR inventory (tests/api/idor.test.ts): public
 * routes whose only secret is a link's token or an SMS code; tests/api/password-links.test.ts covers
 * them on both databases (forged, used, replaced and expired links; the same answer for every identifier).
 */
export const passwordLinksSweep = {
  "POST /api/login/forgotPassword": {
    noOwnedId: "public: the same answer for every identifier typed; the link or code goes only to the account's own contact",
  },
  "GET /api/login/passwordLink": {
    noOwnedId: "public: the secret is the link's token (only its hash is stored); answers the account's user name only to its holder",
  },
  "POST /api/login/setPassword": { noOwnedId: "public: spends the link's token; acts on that token's account only" },
  "POST /api/login/resetByCode": { noOwnedId: "public: the SMS code sent to the account's own mobile, five tries; acts on that account only" },
  "routes/forgotPassword": { noOwnedId: "public: asking for a reset, the same answer for every identifier" },
  "routes/setPassword.$token": { noOwnedId: "public: the secret is the link's token" },
};
