/** The page sizes a long list offers (badges, the review queues, the finance desk); zod-free for the browser. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
