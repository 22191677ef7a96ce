import { endpoint } from "../api/endpoint";
import { completeRequestSchema, signatureRequestSchema, type UploadedFile, type UploadSignature } from "./schema";

/** docs/product.md § The exhibition API: the signed upload form, and (ours) the call that turns an uploaded object into a file. */
export const uploadEndpoints = {
  /** One signed form with a server-made key (timesp, folder, fileName[, kinds, maxBytes]). */
  signature: endpoint.get("/oss/signature/getSignature", signatureRequestSchema).answers<UploadSignature>(),
  /** Checks the uploaded bytes and records the file; a refused object is deleted. */
  complete: endpoint.post("/oss/complete", completeRequestSchema).answers<UploadedFile>(),
};
