import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./0001-initial";
import * as shell from "./0002-shell";
import * as uploads from "./0003-uploads";
import * as exhibitor from "./0004-exhibitor";
import * as orders from "./0005-orders";
import * as bookingForms from "./0006-booking-forms";
import * as contractors from "./0007-contractors";
import * as badges from "./0008-badges";
import * as badgeCheckIn from "./0009-badge-check-in";
import * as boothConstruction from "./0010-booth-construction";
import * as invoices from "./0011-invoices";
import * as transport from "./0012-transport";
import * as vehicles from "./0013-vehicles";
import * as uploadGrants from "./0014-upload-grants";
import * as badgeHolderProbes from "./0015-badge-holder-probes";
import * as invoiceQrLinks from "./0016-invoice-qr-links";
import * as exhibits from "./0017-exhibits";
import * as invitations from "./0018-invitations";
import * as promotionCodes from "./0019-promotion-codes";
import * as visitors from "./0020-visitors";
import * as accountActivation from "./0021-account-activation";
import * as passwordLinks from "./0022-password-links";
import * as reminders from "./0023-reminders";
import * as exhibitionCalendar from "./0024-exhibition-calendar";
import * as invitationBatches from "./0025-invitation-batches";
import * as showcases from "./0026-showcases";
import * as promotionalVideos from "./0027-promotional-videos";
import * as videoSource from "./0028-video-source";
import * as dataArea from "./0029-data-area";
import * as blueCars from "./0030-blue-cars";
import * as trafficGuides from "./0031-traffic-guides";
import * as businessReservations from "./0032-business-reservations";
import * as epidemicDeclarations from "./0033-epidemic-declarations";
import * as reservationHistory from "./0034-reservation-history";
import * as storageQuota from "./0035-storage-quota";
import * as fairCountsAndApprovedProfiles from "./0036-fair-counts-and-approved-profiles";
import * as feedbackInbox from "./0037-feedback-inbox";
import * as queuedReminders from "./0038-queued-reminders";
import * as exhibitionSettings from "./0039-exhibition-settings";
import * as messages from "./0040-messages";
import * as demoMarker from "./0041-demo-marker";
import * as drawingSiteSetting from "./0042-drawing-site-setting";
import * as backups from "./0043-backups";
import * as rateLimits from "./0044-rate-limits";
import * as teamsAndHistory from "./0045-teams-and-history";
import * as visitorPassesAndLeads from "./0046-visitor-passes-and-leads";

/** Migrations are compiled into the server bundle, so the provider lists them explicitly. */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-shell": shell,
  "0003-uploads": uploads,
  "0004-exhibitor": exhibitor,
  "0005-orders": orders,
  "0006-booking-forms": bookingForms,
  "0007-contractors": contractors,
  "0008-badges": badges,
  "0009-badge-check-in": badgeCheckIn,
  "0010-booth-construction": boothConstruction,
  "0011-invoices": invoices,
  "0012-transport": transport,
  "0013-vehicles": vehicles,
  "0014-upload-grants": uploadGrants,
  "0015-badge-holder-probes": badgeHolderProbes,
  "0016-invoice-qr-links": invoiceQrLinks,
  "0017-exhibits": exhibits,
  "0018-invitations": invitations,
  "0019-promotion-codes": promotionCodes,
  "0020-visitors": visitors,
  "0021-account-activation": accountActivation,
  "0022-password-links": passwordLinks,
  "0023-reminders": reminders,
  "0024-exhibition-calendar": exhibitionCalendar,
  "0025-invitation-batches": invitationBatches,
  "0026-showcases": showcases,
  "0027-promotional-videos": promotionalVideos,
  "0028-video-source": videoSource,
  "0029-data-area": dataArea,
  "0030-blue-cars": blueCars,
  "0031-traffic-guides": trafficGuides,
  "0032-business-reservations": businessReservations,
  "0033-epidemic-declarations": epidemicDeclarations,
  "0034-reservation-history": reservationHistory,
  "0035-storage-quota": storageQuota,
  "0036-fair-counts-and-approved-profiles": fairCountsAndApprovedProfiles,
  "0037-feedback-inbox": feedbackInbox,
  "0038-queued-reminders": queuedReminders,
  "0039-exhibition-settings": exhibitionSettings,
  "0040-messages": messages,
  "0041-demo-marker": demoMarker,
  "0042-drawing-site-setting": drawingSiteSetting,
  "0043-backups": backups,
  "0044-rate-limits": rateLimits,
  "0045-teams-and-history": teamsAndHistory,
  "0046-visitor-passes-and-leads": visitorPassesAndLeads,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
