import { endpoint } from "../api/endpoint";
import type { AgentSetting, AgentSettingsPage, ServiceSetting, ServiceSettingsPage } from "./api-types";
import { agentSaveSchema, catalogueIdSchema, catalogueListQuery, serviceSaveSchema } from "./schema";

/**
 * The organizer's on-site service catalogue and overseas agents (issue 52): roleId 1 only. Every
 * service and agent of the exhibition, withdrawn ones too; what exhibitors see stays on the
 * booking and overseas transport endpoints.
 */
export const catalogueSettingsEndpoints = {
  services: endpoint.get("/smeb/exhibition/services", catalogueListQuery).answers<ServiceSettingsPage>(),
  saveService: endpoint.post("/smeb/exhibition/services/save", serviceSaveSchema).answers<ServiceSetting>(),
  /** Refused for a service that orders or carts refer to: withdraw it instead. */
  removeService: endpoint.post("/smeb/exhibition/services/remove", catalogueIdSchema).answers<null>(),
  agents: endpoint.get("/smeb/exhibition/overseasAgents", catalogueListQuery).answers<AgentSettingsPage>(),
  saveAgent: endpoint.post("/smeb/exhibition/overseasAgents/save", agentSaveSchema).answers<AgentSetting>(),
  /** Refused for an agent that exhibitors' requests went to: hide it instead. */
  removeAgent: endpoint.post("/smeb/exhibition/overseasAgents/remove", catalogueIdSchema).answers<null>(),
};
