import type { Database, Db } from "../db/database";
import { saveUpload } from "../uploads/files";
import type { ObjectStore } from "../uploads/object-store";

/** std01's products: names in both languages, the exhibit class (by its English name) and a colour for the picture. */
const DEMO_EXHIBITS = [
  {
    nameZh: "协作机械臂 CR-7",
    nameEn: "Collaborative robot arm CR-7",
    descriptionZh: "七轴协作机械臂，负载 7 kg，重复定位精度 ±0.02 mm，可与工人并肩作业。",
    descriptionEn: "Seven-axis cobot with a 7 kg payload and ±0.02 mm repeatability, safe to work beside people.",
    className: "Robotics",
    colour: "#2f6fb2",
  },
  {
    nameZh: "边缘 AI 视觉盒",
    nameEn: "Edge AI vision box",
    descriptionZh: "在产线旁完成缺陷检测，无需上云，单台支持 8 路相机。",
    descriptionEn: "Defect inspection next to the line without the cloud; eight cameras per box.",
    className: "Artificial intelligence",
    colour: "#d9822b",
  },
  {
    nameZh: "智能网关 G2",
    nameEn: "Smart gateway G2",
    descriptionZh: "连接 200 个传感器的物联网网关，支持 5G 与 Wi-Fi 6。",
    descriptionEn: "IoT gateway for 200 sensors, with 5G and Wi-Fi 6.",
    className: "Internet of Things",
    colour: "#3a9a5b",
  },
] as const;

/**
 * A product picture without text (no font needed): a coloured card with a simple machine shape,
 * rendered by resvg like the invitations are.
 */
async function demoPicture(colour: string, index: number): Promise<Buffer> {
  const { Resvg } = await import("@resvg/resvg-js");
  const shapes = [
    `<rect x="150" y="330" width="300" height="60" rx="10" fill="#fff"/><rect x="270" y="180" width="50" height="160" rx="20" fill="#fff"/><rect x="290" y="150" width="170" height="40" rx="18" fill="#fff" transform="rotate(-20 300 170)"/>`,
    `<rect x="150" y="160" width="300" height="200" rx="24" fill="#fff"/><circle cx="300" cy="260" r="60" fill="${colour}"/><circle cx="300" cy="260" r="28" fill="#fff"/>`,
    `<rect x="170" y="230" width="260" height="140" rx="20" fill="#fff"/><rect x="200" y="130" width="12" height="110" fill="#fff"/><rect x="388" y="130" width="12" height="110" fill="#fff"/><circle cx="240" cy="300" r="12" fill="${colour}"/><circle cx="290" cy="300" r="12" fill="${colour}"/>`,
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="450" viewBox="0 0 600 450"><rect width="600" height="450" fill="${colour}"/>${shapes[index % shapes.length]}</svg>`;
  return new Resvg(svg).render().asPng();
}

/**
 * The demo's promotion (docs/product.md § Promotion): std01 shows three products and has made one
 * invitation on the Chinese template. The pictures are files, so they need the object store; without
 * one (the tests' seeded database) nothing is added. Adds only what is missing.
 */
export async function seedPromotionDemo(db: Db, exhibitionId: number, store?: ObjectStore) {
  if (!store) return;
  const owner = await db
    .selectFrom("users as u")
    .innerJoin("booths as b", "b.user_id", "u.id")
    .select(["u.id", "u.business_name"])
    .where("u.username", "=", "std01")
    .where("b.exhibition_id", "=", exhibitionId)
    .executeTakeFirst();
  if (!owner) return;
  const present = await db.selectFrom("exhibits").select("id").where("user_id", "=", owner.id).where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (present) return;
  const classes = await db.selectFrom("exhibit_classes").select(["id", "name_en"]).where("exhibition_id", "=", exhibitionId).execute();
  const exhibitIds: number[] = [];
  for (const [index, exhibit] of DEMO_EXHIBITS.entries()) {
    const picture = await saveUpload(db as Database, store, {
      ownerUserId: owner.id,
      folder: "exhibits-img",
      originalName: `${exhibit.nameEn}.png`,
      bytes: await demoPicture(exhibit.colour, index),
    });
    const row = await db
      .insertInto("exhibits")
      .values({
        user_id: owner.id,
        exhibition_id: exhibitionId,
        class_id: classes.find((c) => c.name_en === exhibit.className)?.id ?? null,
        name_zh: exhibit.nameZh,
        name_en: exhibit.nameEn,
        description_zh: exhibit.descriptionZh,
        description_en: exhibit.descriptionEn,
        image_file_ids: JSON.stringify([picture.id]),
        sort: index + 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    exhibitIds.push(row.id);
  }
  const template = await db
    .selectFrom("invitation_templates")
    .select(["id", "exhibit_slots"])
    .where("exhibition_id", "=", exhibitionId)
    .where("language", "=", "zh")
    .orderBy("sort")
    .executeTakeFirst();
  if (!template) return;
  await db
    .insertInto("invitations")
    .values({
      user_id: owner.id,
      exhibition_id: exhibitionId,
      template_id: template.id,
      name: "展会邀请函",
      company_name: owner.business_name ?? "",
      exhibit_ids: JSON.stringify(exhibitIds.slice(0, template.exhibit_slots)),
    })
    .execute();
}
