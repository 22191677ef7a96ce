import type { Database, Db } from "../db/database";
import { saveUpload } from "../uploads/files";
import type { ObjectStore } from "../uploads/object-store";
import type { DemoCalendar } from "./demo-calendar";

/** Where the English /HT/blueCarGuide sends the browser in the demo. */
const DEMO_TRAFFIC_PAGE_URL_EN = "https://traffic.example.org/en";
const DEMO_PLATE = "湘A6X218";

const GUIDE_ZH = [
  "展期内外地（非深圳）蓝牌小车进入展馆周边道路须持通行证。请在下方登记车辆，上传行驶证四页及车辆照片，主办方审核通过后可下载通行证。",
  "",
  "- 车牌号登记后不可修改，如有误请删除后重新登记。",
  "- 通行证请打印后放置于前挡风玻璃处。",
  "- 深圳本地车牌（粤B）无需登记。",
].join("\n");
const GUIDE_EN = [
  "Cars with non-Shenzhen blue plates need a pass to use the roads around the venue during the exhibition. Register each car below with the four pages of its driving licence and a photo; once the organizer approves it, download the pass.",
  "",
  "- A registered plate cannot be changed: delete the car and register it again.",
  "- Print the pass and keep it behind the windscreen.",
  "- Shenzhen plates (粤B) need no registration.",
].join("\n");

/** A stand-in picture for a scan: shapes only (no text, so no fonts), one colour per scan. */
async function demoScan(hue: number): Promise<Buffer> {
  const { Resvg } = await import("@resvg/resvg-js");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="100%" height="100%" fill="hsl(${hue},45%,88%)"/><rect x="24" y="24" width="432" height="272" rx="10" fill="none" stroke="hsl(${hue},45%,35%)" stroke-width="4"/><rect x="48" y="56" width="120" height="150" fill="hsl(${hue},30%,70%)"/><rect x="196" y="64" width="230" height="14" fill="hsl(${hue},30%,45%)"/><rect x="196" y="104" width="200" height="14" fill="hsl(${hue},30%,45%)"/><rect x="196" y="144" width="220" height="14" fill="hsl(${hue},30%,45%)"/></svg>`;
  return new Resvg(svg).render().asPng();
}

/**
 * The demo's blue-plate cars (issue 41): the English traffic page and the guide in both languages
 * (when not set), and std01's one car under review with generated scans. The scans are stored files,
 * so the car needs the object store; without one (the tests' database) it is left out. Adds only what
 * is missing.
 */
export async function seedBlueCarDemo(db: Db, exhibitionId: number, calendar: DemoCalendar, store?: ObjectStore) {
  await db
    .updateTable("exhibitions")
    .set({ traffic_page_url_en: DEMO_TRAFFIC_PAGE_URL_EN })
    .where("id", "=", exhibitionId)
    .where("traffic_page_url_en", "is", null)
    .execute();
  await db
    .insertInto("blue_car_guides")
    .values({ exhibition_id: exhibitionId, guide_zh: GUIDE_ZH, guide_en: GUIDE_EN, updated_at: new Date(`${calendar.seededOn}T10:00:00+08:00`) })
    .onConflict((oc) => oc.column("exhibition_id").doNothing())
    .execute();
  if (!store) return;
  const owner = await db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirst();
  if (!owner) return;
  const present = await db.selectFrom("blue_cars").select("id").where("user_id", "=", owner.id).where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (present) return;
  const scan = async (name: string, hue: number) =>
    (await saveUpload(db as Database, store, { ownerUserId: owner.id, folder: "driving-license", originalName: name, bytes: await demoScan(hue) })).id;
  await db
    .insertInto("blue_cars")
    .values({
      exhibition_id: exhibitionId,
      user_id: owner.id,
      owner_name: "张三",
      plate: DEMO_PLATE,
      license_front_file_id: await scan("行驶证正页.png", 200),
      license_back_file_id: await scan("行驶证副页.png", 170),
      license_second_file_id: await scan("行驶证第二页.png", 140),
      license_four_pages_file_id: await scan("行驶证四页.png", 110),
      vehicle_photo_file_id: await scan("车辆照片.png", 20),
      needed_from: calendar.rawMoveIn.from,
      needed_to: calendar.endsOn,
      created_at: new Date(`${calendar.seededOn}T10:00:00+08:00`),
      updated_at: new Date(`${calendar.seededOn}T10:00:00+08:00`),
    })
    .execute();
}
