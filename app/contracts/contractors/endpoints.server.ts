import { endpoint, publicEndpoint } from "../api/endpoint";
import type { ContractorAccessView, ContractorLoginTicket } from "./api-types";
import { accessIdSchema, contractorSignInSchema, entrustSchema } from "./schema";

/**
 * Entrusted contractors (ECReservation): the exhibitor's side (entrust, list, a new code, revoke)
 * and the contractor's sign-in with the exhibitor number and the one-time code.
 */
export const contractorEndpoints = {
  list: endpoint.get("/smeb/service/contractor/list").answers<ContractorAccessView[]>(),
  entrust: endpoint.post("/smeb/service/contractor/entrust", entrustSchema).answers<ContractorAccessView>(),
  resendCode: endpoint.post("/smeb/service/contractor/resendCode", accessIdSchema).answers<ContractorAccessView>(),
  revoke: endpoint.post("/smeb/service/contractor/revoke", accessIdSchema).answers<ContractorAccessView>(),
  login: publicEndpoint.post("/login/contractorLogin", contractorSignInSchema).answers<ContractorLoginTicket>(),
};
