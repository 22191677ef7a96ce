import type { INCOTERMS } from "../schema";

/** The API's answers for overseas exhibit transport (spec /exhibitTL overseasExhibitTrans, issue 18). */
type Incoterm = (typeof INCOTERMS)[number];

/** An appointed overseas agent, in the request's language. */
export type OverseasAgentView = {
  id: number;
  code: string;
  name: string;
  regions: string;
  intro: string;
  contactEmail: string;
  contactPhone: string;
};

export type CountryOption = { id: number; name: string };

/** GET /smeb/overseas/agents: the agents, the countries a shipment may come from, and what the form is prefilled with. */
export type OverseasAgentsAnswer = {
  agents: OverseasAgentView[];
  /** Every country but mainland China (a shipment from there is not overseas). */
  countries: CountryOption[];
  incoterms: readonly Incoterm[];
  /** The account's contact details, to start the form from. */
  contact: { name: string; phone: string; email: string };
};

/** One request as the exhibitor's history shows it; the volume as m³ text with up to three decimals. */
export type OverseasRequestView = {
  id: number;
  agentName: string;
  countryName: string;
  port: string;
  cargoDescription: string;
  volumeM3: string;
  incoterms: Incoterm;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  sentTo: string;
  createdAt: string;
};

/** GET /smeb/overseas/request/list, newest first; POST /smeb/overseas/request/save answers the stored request. */
export type OverseasRequestList = { requests: OverseasRequestView[] };
