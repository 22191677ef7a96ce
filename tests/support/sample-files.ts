/** A real 1×1 PNG: the smallest file every image rule accepts by its bytes. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3a1b5e30000000049454e44ae426082",
  "hex",
);
