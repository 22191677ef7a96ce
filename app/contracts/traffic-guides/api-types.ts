import type { Guide } from "./values";

/** Answers of the guides' endpoints (issue 41). */
export type GuideIntro = { guide: Guide; bodyZh: string; bodyEn: string };

/** The days a timetable may name: build-up from `buildUpFrom`, the show from `opensOn` to `endsOn` (YYYY-MM-DD). */
export type GuideDays = { buildUpFrom: string; opensOn: string; endsOn: string };

export type BusStop = { id: number; routeId: number; nameZh: string; nameEn: string; addressZh: string; addressEn: string; sort: number };

export type BusTimetable = {
  id: number;
  routeId: number;
  serviceDay: string;
  firstDeparture: string;
  lastDeparture: string;
  intervalMinutes: number;
};

export type BusRoute = {
  id: number;
  nameZh: string;
  nameEn: string;
  noteZh: string;
  noteEn: string;
  sort: number;
  /** Hidden routes are the organizer's only. */
  hidden: boolean;
  /** In order. */
  stops: BusStop[];
  /** By day. */
  timetables: BusTimetable[];
};

export type BusGuide = { intro: GuideIntro; days: GuideDays; routes: BusRoute[] };

export type CarPark = {
  id: number;
  nameZh: string;
  nameEn: string;
  addressZh: string;
  addressEn: string;
  hoursZh: string;
  hoursEn: string;
  pricesZh: string;
  pricesEn: string;
  capacity: number;
  /** Whether a map picture is there (served by the map endpoint). */
  hasMap: boolean;
  sort: number;
  hidden: boolean;
};

export type ParkingGuide = { intro: GuideIntro; carParks: CarPark[] };
