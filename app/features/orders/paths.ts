/** The order pages' URLs: used by the pages (browser) and their actions (server). */
export const BOOKING_PAGE = "/bookingService/onlineBookingService";
export const MY_ORDERS_PAGE = "/bookingService/myOrder";
export const ORDER_REVIEW_PAGE = "/bookingService/orderReview";
export const orderPath = (orderNo: string) => `${MY_ORDERS_PAGE}/${encodeURIComponent(orderNo)}`;
