import type { Database, Db } from "../db/database";
import type { ObjectStore } from "../uploads/object-store";
import { saveUpload } from "../uploads/files";
import { addDays, type DemoCalendar } from "./demo-calendar";

/**
 * The demo's bus and parking guides (docs/product.md § Bus and parking guides): two shuttle routes
 * with their stops and a timetable for every build-up and show day of the demo calendar, three car
 * parks (their maps drawn here with resvg, only when the object store is given) and both intros.
 * Adds only what is missing: a guide the organizer has since filled stays as it is.
 */
const BUS_INTRO = {
  zh: "## 免费接驳巴士\n布展期和展期内，接驳巴士免费往返地铁站、机场与展馆。凭展商证乘车。\n\n## 乘车提示\n- 车辆在展馆南门广场上下客\n- 末班车后请使用出租车或地铁",
  en: "## Free shuttle buses\nDuring build-up and the show, free shuttle buses run between the metro station, the airport and the venue. Show your exhibitor badge when boarding.\n\n## Tips\n- Buses stop at the south gate plaza of the venue\n- After the last bus, please take a taxi or the metro",
};
const PARKING_INTRO = {
  zh: "## 停车须知\n展馆周边共有三处停车场。布展期货车请按货车通行证指定路线进入，小汽车请停放在以下停车场。\n\n- 车位有限，先到先停\n- 请勿占用消防通道",
  en: "## Parking\nThree car parks serve the venue. During build-up, trucks follow the route on their truck pass; cars park in the car parks below.\n\n- Spaces are limited: first come, first served\n- Never block the fire lanes",
};

const ROUTES = [
  {
    nameZh: "地铁会展中心站—展馆南门",
    nameEn: "Expo Centre metro station ↔ South gate",
    noteZh: "地铁2号线D出口，步行约3分钟至上车点。",
    noteEn: "Metro line 2, exit D; the stop is a 3-minute walk.",
    stops: [
      ["地铁会展中心站D出口", "Expo Centre station, exit D", "会展大道88号", "88 Expo Avenue"],
      ["会展酒店", "Expo Hotel", "会展大道120号", "120 Expo Avenue"],
      ["展馆南门", "Venue south gate", "展馆南广场", "South plaza of the venue"],
    ],
    buildUp: ["07:30", "19:00", 20],
    show: ["08:00", "18:30", 10],
  },
  {
    nameZh: "国际机场—展馆南门",
    nameEn: "International airport ↔ South gate",
    noteZh: "机场T2到达层7号门外上车，全程约50分钟。",
    noteEn: "Board outside door 7, T2 arrivals; about 50 minutes.",
    stops: [
      ["机场T2到达层7号门", "Airport T2 arrivals, door 7", "机场T2航站楼", "Airport terminal 2"],
      ["机场T1到达层3号门", "Airport T1 arrivals, door 3", "机场T1航站楼", "Airport terminal 1"],
      ["市中心换乘站", "City centre interchange", "人民路1号", "1 Renmin Road"],
      ["展馆南门", "Venue south gate", "展馆南广场", "South plaza of the venue"],
    ],
    buildUp: ["09:00", "17:00", 60],
    show: ["07:00", "17:00", 30],
  },
] as const;

const CAR_PARKS = [
  {
    nameZh: "P1 南广场地下停车场",
    nameEn: "P1 South plaza underground car park",
    addressZh: "会展大道100号地下一层",
    addressEn: "B1, 100 Expo Avenue",
    hoursZh: "每日 06:30–23:00",
    hoursEn: "Daily 06:30–23:00",
    pricesZh: "小汽车每小时10元，每日封顶60元",
    pricesEn: "Cars CNY 10 per hour, at most CNY 60 a day",
    capacity: 1200,
    color: "#2f6fb0",
  },
  {
    nameZh: "P2 东侧露天停车场",
    nameEn: "P2 East open-air car park",
    addressZh: "展馆路18号",
    addressEn: "18 Exhibition Road",
    hoursZh: "展期 07:00–21:00",
    hoursEn: "Show days 07:00–21:00",
    pricesZh: "每次20元",
    pricesEn: "CNY 20 per entry",
    capacity: 600,
    color: "#2f9e6b",
  },
  {
    nameZh: "P3 会展酒店停车场",
    nameEn: "P3 Expo Hotel car park",
    addressZh: "会展大道120号",
    addressEn: "120 Expo Avenue",
    hoursZh: "24小时",
    hoursEn: "24 hours",
    pricesZh: "住店客人免费；其他每小时8元",
    pricesEn: "Free for hotel guests; others CNY 8 per hour",
    capacity: 300,
    color: "#b0632f",
  },
] as const;

/** A schematic map: the venue, two roads, the car park marked "P". */
async function demoMap(color: string, index: number): Promise<Buffer> {
  const { Resvg } = await import("@resvg/resvg-js");
  const x = 120 + index * 170;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="100%" height="100%" fill="#eef2f5"/><rect x="0" y="250" width="640" height="36" fill="#c9d1d9"/><rect x="300" y="0" width="30" height="400" fill="#c9d1d9"/><rect x="360" y="60" width="220" height="150" rx="10" fill="#16324f"/><rect x="${x - 40}" y="300" width="80" height="80" rx="12" fill="${color}"/><rect x="${x - 12}" y="318" width="10" height="44" fill="#ffffff"/><rect x="${x - 12}" y="318" width="26" height="10" fill="#ffffff"/><rect x="${x + 6}" y="318" width="10" height="26" fill="#ffffff"/><rect x="${x - 12}" y="336" width="26" height="10" fill="#ffffff"/></svg>`;
  return new Resvg(svg).render().asPng();
}

/** Every day from `from` to `to` (YYYY-MM-DD). */
function daysBetween(from: string, to: string) {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 60; day = addDays(day, 1)) days.push(day);
  return days;
}

async function seedBus(db: Db, exhibitionId: number, calendar: DemoCalendar) {
  const present = await db.selectFrom("bus_routes").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (present) return;
  for (const [index, r] of ROUTES.entries()) {
    const route = await db
      .insertInto("bus_routes")
      .values({ exhibition_id: exhibitionId, name_zh: r.nameZh, name_en: r.nameEn, note_zh: r.noteZh, note_en: r.noteEn, sort: index + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("bus_stops")
      .values(
        r.stops.map(([nameZh, nameEn, addressZh, addressEn], sort) => ({
          route_id: route.id,
          name_zh: nameZh,
          name_en: nameEn,
          address_zh: addressZh,
          address_en: addressEn,
          sort: sort + 1,
        })),
      )
      .execute();
    await db
      .insertInto("bus_timetables")
      .values(
        daysBetween(calendar.rawMoveIn.from, calendar.endsOn).map((day) => {
          const [first, last, interval] = day < calendar.opensOn ? r.buildUp : r.show;
          return { route_id: route.id, service_day: day, first_departure: first, last_departure: last, interval_minutes: interval };
        }),
      )
      .execute();
  }
}

async function seedParking(db: Db, exhibitionId: number, store?: ObjectStore) {
  const present = await db.selectFrom("car_parks").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (present) return;
  const admin = await db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirst();
  for (const [index, { color, nameZh, nameEn, addressZh, addressEn, hoursZh, hoursEn, pricesZh, pricesEn, capacity }] of CAR_PARKS.entries()) {
    const map =
      store && admin
        ? await saveUpload(db as Database, store, {
            ownerUserId: admin.id,
            folder: "guide-map",
            originalName: `car-park-${index + 1}.png`,
            bytes: await demoMap(color, index),
          })
        : null;
    await db
      .insertInto("car_parks")
      .values({
        exhibition_id: exhibitionId,
        name_zh: nameZh,
        name_en: nameEn,
        address_zh: addressZh,
        address_en: addressEn,
        hours_zh: hoursZh,
        hours_en: hoursEn,
        prices_zh: pricesZh,
        prices_en: pricesEn,
        capacity,
        map_file_id: map?.id ?? null,
        sort: index + 1,
      })
      .execute();
  }
}

export async function seedTrafficGuidesDemo(db: Db, exhibitionId: number, calendar: DemoCalendar, store?: ObjectStore) {
  await db
    .insertInto("traffic_guide_intros")
    .values([
      { exhibition_id: exhibitionId, guide: "bus", body_zh: BUS_INTRO.zh, body_en: BUS_INTRO.en },
      { exhibition_id: exhibitionId, guide: "parking", body_zh: PARKING_INTRO.zh, body_en: PARKING_INTRO.en },
    ])
    .onConflict((oc) => oc.columns(["exhibition_id", "guide"]).doNothing())
    .execute();
  await seedBus(db, exhibitionId, calendar);
  await seedParking(db, exhibitionId, store);
}
