import { endpoint } from "../api/endpoint";
import {
  airCompressorSchema,
  boothIdSchema,
  electricboxSchema,
  leakageSchema,
  leakageUpdateSchema,
  optionalBoothQuery,
  recordIdSchema,
  type AirCompressorApplication,
  type BookingBooth,
  type ElectricboxImage,
  type ElectricboxJudge,
  type LeakageCommitment,
} from "./schema";

/** The offline booking forms (/smeb/booking/*, /index/judge): air compressor, electric box map, leakage commitments. */
export const bookingFormsEndpoints = {
  booths: endpoint.get("/smeb/booking/booths").answers<BookingBooth[]>(),

  airCompressorList: endpoint.get("/smeb/booking/airCompressor/list").answers<AirCompressorApplication[]>(),
  airCompressorDetail: endpoint.get("/smeb/booking/airCompressor/detail", recordIdSchema).answers<AirCompressorApplication>(),
  airCompressorSave: endpoint.post("/smeb/booking/airCompressor/save", airCompressorSchema).answers<AirCompressorApplication>(),
  airCompressorCancel: endpoint.post("/smeb/booking/airCompressor/cancel", recordIdSchema).answers<AirCompressorApplication>(),

  judge: endpoint.get("/index/judge").answers<ElectricboxJudge>(),
  mapList: endpoint.get("/smeb/booking/electricboxImg/list").answers<ElectricboxImage[]>(),
  mapDetail: endpoint.get("/smeb/booking/electricboxImg/detail", optionalBoothQuery).answers<ElectricboxImage>(),
  mapSave: endpoint.post("/smeb/booking/electricboxImg/save", electricboxSchema).answers<ElectricboxImage>(),
  mapRemove: endpoint.post("/smeb/booking/electricboxImg/delete", boothIdSchema).answers<ElectricboxImage>(),
  /** The booth drawn to scale on a 1 m grid (PDF). */
  mapTemplate: endpoint.get("/smeb/booking/electricboxImg/template", optionalBoothQuery).file(),

  leakageList: endpoint.get("/smeb/booking/leakageElectric/list").answers<LeakageCommitment[]>(),
  leakageDetail: endpoint.get("/smeb/booking/leakageElectric/detail", recordIdSchema).answers<LeakageCommitment>(),
  leakageSave: endpoint.post("/smeb/booking/leakageElectric/save", leakageSchema).answers<LeakageCommitment>(),
  leakageUpdate: endpoint.post("/smeb/booking/leakageElectric/update", leakageUpdateSchema).answers<LeakageCommitment>(),
  leakageRemove: endpoint.post("/smeb/booking/leakageElectric/delete", recordIdSchema).answers<{ id: number }>(),
};
