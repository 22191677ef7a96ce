/** A booth's type (boothType): 1 = standard booth, 2 = raw space. */
export const STANDARD_BOOTH = 1;
export const RAW_SPACE = 2;
