/**
 * The domains of app/contracts, one line each (docs/decisions/063): each folder declares in its own
 * `domain.ts` what it brings (its texts for the server, upload folders, pages), and the files that
 * need them read this list instead of being edited for every new domain. The Remix compiler has no
 * import.meta.glob, so the list is written out; tests/unit/domain-registry.test.ts fails on a domain
 * folder missing here or a line naming no folder.
 */
import type { ContractDomain } from "./common/domain";
import accounts from "./accounts/domain";
import auth from "./auth/domain";
import badges from "./badges/domain";
import bookingForms from "./booking-forms/domain";
import boothConstruction from "./booth-construction/domain";
import calendar from "./calendar/domain";
import captcha from "./captcha/domain";
import catalogueSettings from "./catalogue-settings/domain";
import contractors from "./contractors/domain";
import dataArea from "./data-area/domain";
import deliveryLog from "./delivery-log/domain";
import epidemic from "./epidemic/domain";
import exhibitionSettings from "./exhibition-settings/domain";
import exhibitor from "./exhibitor/domain";
import home from "./home/domain";
import invoices from "./invoices/domain";
import leads from "./leads/domain";
import logisticsSettings from "./logistics-settings/domain";
import lookups from "./lookups/domain";
import machineTranslation from "./machine-translation/domain";
import orders from "./orders/domain";
import permission from "./permission/domain";
import promotion from "./promotion/domain";
import reminders from "./reminders/domain";
import reservations from "./reservations/domain";
import settings from "./settings/domain";
import setup from "./setup/domain";
import showcase from "./showcase/domain";
import team from "./team/domain";
import trafficGuides from "./traffic-guides/domain";
import transport from "./transport/domain";
import uploads from "./uploads/domain";
import vehicles from "./vehicles/domain";
import video from "./video/domain";

const CONTRACT_DOMAINS = [
  accounts,
  auth,
  badges,
  bookingForms,
  boothConstruction,
  calendar,
  captcha,
  catalogueSettings,
  contractors,
  dataArea,
  deliveryLog,
  epidemic,
  exhibitionSettings,
  exhibitor,
  home,
  invoices,
  leads,
  logisticsSettings,
  lookups,
  machineTranslation,
  orders,
  permission,
  promotion,
  reminders,
  reservations,
  settings,
  setup,
  showcase,
  team,
  trafficGuides,
  transport,
  uploads,
  vehicles,
  video,
] as const;

/** The list, each entry as a ContractDomain (what the consumers read). */
export const contractDomains: readonly ContractDomain[] = CONTRACT_DOMAINS;

/** Each declaration's own type, with its literal names (uploads/values.ts types the upload folders from it). */
export type ContractDomains = typeof CONTRACT_DOMAINS;
