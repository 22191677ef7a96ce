/** GET /portal/kind: whether this portal runs the demo (its pages then carry the demo mark). */
export type PortalKind = { demo: boolean };
