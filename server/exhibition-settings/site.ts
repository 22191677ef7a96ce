import type { ExhibitionSettings, SiteSettings } from "../../app/contracts/exhibition-settings/values";
import { NO_SITE_SETTINGS } from "../../app/contracts/exhibition-settings/values";
import type { Database } from "../db/database";
import { readExhibitionSettings } from "./store";

/**
 * What every page's frame shows from the organizer's settings (the footer's filing number, the
 * floating buttons, the drawing site) and whether the exhibition is the demo (its mark), read on every page: kept per process for SITE_TTL_MS so a page
 * costs no statement for them (decision 055). A save in this process forgets its exhibition at
 * once; another process (WEB_CONCURRENCY, a CLI on PostgreSQL) shows the change within the TTL.
 * Kept per database handle: a process may hold more than one (the tests run both kinds).
 */
const SITE_TTL_MS = 15_000;

type Entry<T> = { value: Promise<T>; expires: number };
const perDatabase = new WeakMap<Database, { sites: Map<number, Entry<SiteSettings>>; current?: Entry<number | null> }>();

function cacheOf(db: Database) {
  let cache = perDatabase.get(db);
  if (!cache) {
    cache = { sites: new Map() };
    perDatabase.set(db, cache);
  }
  return cache;
}

function siteSettingsOf(settings: ExhibitionSettings, demo: boolean): SiteSettings {
  return {
    demo,
    filingNumber: settings.filingNumber ?? null,
    userGuideUrl: settings.userGuideUrl ?? null,
    hasContactCode: Boolean(settings.contactWayUrl || settings.contactQrFileId),
    drawingSiteUrl: settings.drawingSiteUrl ?? null,
  };
}

/** The exhibition's site settings, from this process's cache when fresh. */
export function siteSettingsFor(db: Database, exhibitionId: number): Promise<SiteSettings> {
  const { sites } = cacheOf(db);
  const now = Date.now();
  const hit = sites.get(exhibitionId);
  if (hit && hit.expires > now) return hit.value;
  const value = Promise.all([
    readExhibitionSettings(db, exhibitionId),
    db.selectFrom("exhibitions").select("is_demo").where("id", "=", exhibitionId).executeTakeFirst(),
  ]).then(([settings, exhibition]) => siteSettingsOf(settings, exhibition?.is_demo ?? false));
  // A failed read is not kept: the next page asks again.
  value.catch(() => sites.delete(exhibitionId));
  sites.set(exhibitionId, { value, expires: now + SITE_TTL_MS });
  return value;
}

/** The current exhibition's (pages without a session: /login, the public pages), or none when there is no exhibition. */
export async function currentSiteSettings(db: Database): Promise<SiteSettings> {
  const cache = cacheOf(db);
  const now = Date.now();
  if (!cache.current || cache.current.expires <= now) {
    const value = db
      .selectFrom("exhibitions")
      .select("id")
      .where("is_current", "=", true)
      .orderBy("id", "desc")
      .executeTakeFirst()
      .then((row) => row?.id ?? null);
    value.catch(() => {
      cache.current = undefined;
    });
    cache.current = { value, expires: now + SITE_TTL_MS };
  }
  const id = await cache.current.value;
  return id === null ? NO_SITE_SETTINGS : siteSettingsFor(db, id);
}

/** After a save: this process shows the new values on its next page. */
export function forgetSiteSettings(db: Database, exhibitionId: number) {
  cacheOf(db).sites.delete(exhibitionId);
  cacheOf(db).current = undefined;
}
