import { endpoint } from "../api/endpoint";
import type {
  CarpetOptions,
  CommitmentAnswer,
  ConstructionEvent,
  DrawingProcess,
  InsuranceAnswer,
  ReviewDetail,
  ReviewItem,
  ReviewList,
  StandardBuildAnswer,
} from "./api-types";
import {
  boothQuerySchema,
  commitmentScansSchema,
  commitmentSchemaZh,
  decisionSchema,
  drawingUploadSchema,
  historyQuerySchema,
  insuranceSchema,
  reviewQuerySchema,
  standardBuildSchema,
} from "./schema";

/**
 * Booth construction (/smeb/boothBuild/*): the standard booth's build, the raw space's insurance,
 * the entry safety commitment, the special booth's drawings and the organizer's review.
 */
export const boothConstructionEndpoints = {
  // The standard booth build.
  build: endpoint.get("/smeb/boothBuild/find", boothQuerySchema).answers<StandardBuildAnswer>(),
  createBuild: endpoint.post("/smeb/boothBuild/create", standardBuildSchema).answers<StandardBuildAnswer>(),
  updateBuild: endpoint.post("/smeb/boothBuild/update", standardBuildSchema).answers<StandardBuildAnswer>(),
  carpetTimes: endpoint.get("/smeb/boothBuild/carpetTime", boothQuerySchema).answers<CarpetOptions>(),

  // Safety: the insurance policy and the entry safety commitment.
  insurance: endpoint.get("/smeb/boothBuild/insurance/find", boothQuerySchema).answers<InsuranceAnswer>(),
  saveInsurance: endpoint.post("/smeb/boothBuild/insurance/save", insuranceSchema).answers<InsuranceAnswer>(),
  commitment: endpoint.get("/smeb/boothBuild/commitment/find", boothQuerySchema).answers<CommitmentAnswer>(),
  /** The server parses with the caller's language's schema (commitmentSchema(language): the mobile rule differs); the fields are the same. */
  saveCommitment: endpoint.post("/smeb/boothBuild/commitment/save", commitmentSchemaZh).answers<CommitmentAnswer>(),
  /** `scanUrls` repeated (or as "scanUrls[]"). */
  uploadCommitmentScans: endpoint.post("/smeb/boothBuild/commitment/upload", commitmentScansSchema).answers<CommitmentAnswer>(),
  commitmentPdf: endpoint.get("/smeb/boothBuild/commitment/pdf", boothQuerySchema).file(),

  // The special booth's drawings.
  drawings: endpoint.get("/smeb/boothBuild/drawing/list", boothQuerySchema).answers<DrawingProcess>(),
  uploadDrawing: endpoint.post("/smeb/boothBuild/drawing/upload", drawingUploadSchema).answers<DrawingProcess>(),

  // The organizer's review (roleId 1).
  reviewList: endpoint.get("/smeb/boothBuild/review/list", reviewQuerySchema).answers<ReviewList>(),
  reviewInfo: endpoint.get("/smeb/boothBuild/review/info", historyQuerySchema).answers<ReviewDetail>(),
  decide: endpoint.post("/smeb/boothBuild/review/decide", decisionSchema).answers<ReviewItem>(),
  reviewHistory: endpoint.get("/smeb/boothBuild/review/history", historyQuerySchema).answers<ConstructionEvent[]>(),
  /** The standard booth builder's work list (xlsx). */
  exportBuilds: endpoint.get("/smeb/boothBuild/review/export").file(),
};
