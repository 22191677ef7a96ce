/**
 * The domains of server/, one line each (docs/decisions/063): each folder declares in its own
 * `domain.ts` what it brings (its API routes, its rows of the menu tree, its columns that name stored
 * files), and the API's mount, the portal's menus and the sweep of unreferenced files read this list
 * instead of being edited for every new domain. The server's bundler (esbuild) has no
 * import.meta.glob, so the list is written out; tests/unit/domain-registry.test.ts fails on a domain
 * folder missing here or a line naming no folder.
 */
import { columnPairs, type ServerDomain } from "./domain";
import { type FileReferences, KERNEL_NOT_FILE_REFERENCES } from "./uploads/file-references";
import accounts from "./accounts/domain";
import backup from "./backup/domain";
import badges from "./badges/domain";
import bookingForms from "./booking-forms/domain";
import boothConstruction from "./booth-construction/domain";
import calendar from "./calendar/domain";
import captcha from "./captcha/domain";
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
import metrics from "./metrics/domain";
import orders from "./orders/domain";
import passes from "./passes/domain";
import promotion from "./promotion/domain";
import reminders from "./reminders/domain";
import reservations from "./reservations/domain";
import schedule from "./schedule/domain";
import settings from "./settings/domain";
import setup from "./setup/domain";
import showcase from "./showcase/domain";
import team from "./team/domain";
import trafficGuides from "./traffic-guides/domain";
import transport from "./transport/domain";
import vehicles from "./vehicles/domain";
import video from "./video/domain";

export const serverDomains: readonly ServerDomain[] = [
  accounts,
  backup,
  badges,
  bookingForms,
  boothConstruction,
  calendar,
  captcha,
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
  metrics,
  orders,
  passes,
  promotion,
  reminders,
  reservations,
  schedule,
  settings,
  setup,
  showcase,
  team,
  trafficGuides,
  transport,
  vehicles,
  video,
];

/** Every column that may refer to a stored file: the sweep keeps a file one of them names (server/uploads/file-references.ts). */
export const FILE_REFERENCES: FileReferences = serverDomains.flatMap((domain) => columnPairs(domain.fileColumns));

/** Columns named like files, or holding JSON, that never refer to a stored file (tests/api/storage-quota.test.ts). */
export const NOT_FILE_REFERENCES: FileReferences = [...KERNEL_NOT_FILE_REFERENCES, ...serverDomains.flatMap((domain) => columnPairs(domain.notFileColumns))];
