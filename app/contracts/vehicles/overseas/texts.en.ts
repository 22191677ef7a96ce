/** The overseas pages' texts (issue 18), in en; joined in texts.en.ts under vehicles.overseas. */
const overseas = {
  title: "Overseas exhibit transport",
  intro:
    "Shipping exhibits from abroad? The show's appointed agents below handle the whole way to your booth. Send your request here: it is e-mailed to the agent, who replies to your contact e-mail.",
  agentsTitle: "Appointed overseas agents",
  noAgents: "No overseas agent has been appointed yet.",
  regions: "Regions served",
  email: "E-mail",
  phone: "Phone",
  requestFromAgent: "Send a request to this agent",
  formTitle: "Transport request",
  chooseAgent: "Choose an agent",
  chooseCountry: "Choose a country or region",
  incotermsHint: "Who pays and bears the risk up to where; the explanation is next to each term.",
  volumeHint: "Total volume of all packages, up to three decimals",
  send: "Send to the agent",
  sent: "Your request was e-mailed to the agent",
  historyTitle: "My requests",
  empty: "You have not sent a request yet.",
  columns: {
    sentAt: "Sent",
    agent: "Agent",
    country: "Origin",
    port: "Port",
    cargo: "Cargo",
    volume: "Volume (m³)",
    incoterms: "Incoterms",
    contact: "Contact",
  },
  incoterms: {
    EXW: "Ex Works: you hand over at your premises; the buyer carries everything",
    FCA: "Free Carrier: delivered, export-cleared, to the carrier named",
    FOB: "Free On Board: loaded on the vessel at the port of loading",
    CFR: "Cost and Freight: sea freight paid to the port of destination",
    CIF: "Cost, Insurance and Freight: as CFR, insured too",
    DAP: "Delivered At Place: delivered to the destination, import duties not paid",
    DDP: "Delivered Duty Paid: delivered to the destination, import duties paid",
  },
  errors: {
    agentUnknown: "Please choose one of the appointed agents",
    countryUnknown: "Please choose a country or region from the list",
    notOverseas: "Goods shipped from mainland China are not overseas transport: please use exhibit carriage",
    mailFailed: "The request could not be e-mailed to the agent and was not saved. Please try again later",
    tooMany: "At most {{max}} requests can be sent in 24 hours. Please try again later",
  },
};

export default overseas;
