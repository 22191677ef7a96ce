import { defineServerDomain, menu } from "../domain";
import { bookingFormRoutes } from "../api/routes/booking-forms";

/** What the booking-forms domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "booking-forms",
  routes: [bookingFormRoutes],
  menus: [
    menu(42, 40, 2, "/bookingService/offlineBookingService/airCompressorService", "空压机服务预订", "Air compressor service", "wind"),
    menu(44, 40, 4, "/bookingService/electricboxImg", "设施位置图上传", "Facility location map upload", "upload"),
    menu(46, 40, 6, "/bookingService/LeakageElectric", "特殊用电申请", "Special power application", "power"),
  ],
  fileColumns: {
    booking_form_events: ["details"],
    electricbox_images: ["file_id"],
    leakage_commitments: ["scan_file_id"],
  },
});
