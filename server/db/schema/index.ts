/**
 * The database as Kysely sees it: one file per domain (named as in server/<domain>), each with its
 * tables' row types and the part of DB it adds. A migration that adds tables adds them to its domain's file.
 */
import type { AccountTables } from "./accounts";
import type { VehicleTables } from "./vehicles";
import type { PromotionTables } from "./promotion";
import type { TransportTables } from "./transport";
import type { InvoiceTables } from "./invoices";
import type { BoothConstructionTables } from "./booth-construction";
import type { BadgeTables } from "./badges";
import type { ContractorTables } from "./contractors";
import type { BookingFormTables } from "./booking-forms";
import type { OrderTables } from "./orders";
import type { ExhibitorTables } from "./exhibitor";
import type { HomeTables } from "./home";
import type { UploadTables } from "./uploads";
import type { SettingsTables } from "./settings";
import type { LookupTables } from "./lookups";
import type { AuthTables } from "./auth";
import type { ExhibitionTables } from "./exhibition";
import type { ReminderTables } from "./reminders";
import type { ShowcaseTables } from "./showcase";
import type { VideoTables } from "./video";
import type { DataAreaTables } from "./data-area";
import type { TrafficGuideTables } from "./traffic-guides";
import type { ReservationTables } from "./reservations";
import type { EpidemicTables } from "./epidemic";
import type { MessageTables } from "./messages";
import type { BackupTables } from "./backup";
import type { RateLimitTables } from "./rate-limits";
import type { TeamTables } from "./team";
import type { LeadTables } from "./leads";
export type * from "./columns";
export type * from "./exhibition";
export type * from "./auth";
export type * from "./lookups";
export type * from "./settings";
export type * from "./uploads";
export type * from "./home";
export type * from "./exhibitor";
export type * from "./orders";
export type * from "./booking-forms";
export type * from "./contractors";
export type * from "./badges";
export type * from "./booth-construction";
export type * from "./invoices";
export type * from "./transport";
export type * from "./vehicles";
export type * from "./promotion";
export type * from "./accounts";
export type * from "./reminders";
export type * from "./showcase";
export type * from "./video";
export type * from "./data-area";
export type * from "./traffic-guides";
export type * from "./reservations";
export type * from "./epidemic";
export type * from "./messages";
export type * from "./backup";
export type * from "./rate-limits";
export type * from "./team";
export type * from "./leads";

export interface DB
  extends ExhibitionTables,
    AuthTables,
    LookupTables,
    SettingsTables,
    UploadTables,
    HomeTables,
    ExhibitorTables,
    OrderTables,
    BookingFormTables,
    ContractorTables,
    BadgeTables,
    BoothConstructionTables,
    InvoiceTables,
    TransportTables,
    VehicleTables,
    PromotionTables,
    AccountTables,
    ReminderTables,
    ShowcaseTables,
    VideoTables,
    DataAreaTables,
    TrafficGuideTables,
    ReservationTables,
    EpidemicTables,
    MessageTables,
    BackupTables,
    RateLimitTables,
    TeamTables,
    LeadTables {}
