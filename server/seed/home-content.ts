import type { Database } from "../db/database";
import { addDays, enDate, enMonthDay, enRange, zhDate, zhMonthDay, zhRange, type DemoCalendar, type DemoScheduleCheck } from "./demo-calendar";
import { endOfExhibitionDay } from "../../app/contracts/common/exhibition-time";

/**
 * Home-area content of the demo exhibition (Pengcheng International Smart Technology Fair): the
 * /index/* content pages and the important dated checklist (/index/schedule), with the dates of the
 * demo calendar (seed/demo-calendar.ts) written into the texts.
 * Rows live in `content_pages` and `schedule_items`; the organizer's staff edit them there.
 *
 * Bodies are Markdown-ish plain text, never HTML: paragraphs separated by blank lines,
 * "## " starts a subheading, "- " starts a list item. The web app renders them as React elements.
 */

/** The content pages the home area knows about (routes /index/<slug>). */
export const HOME_CONTENT_SLUGS = ["promote", "premise", "service", "hotel", "poster", "bannerDownload", "posterCn", "posterEn"] as const;
type HomeContentSlug = (typeof HOME_CONTENT_SLUGS)[number];

type PageSeed = { slug: HomeContentSlug; title_zh: string; title_en: string; body_zh: string; body_en: string };

const lines = (...parts: string[]) => parts.join("\n");

/** The show's name as the demo seeds it: the year is the opening's. */
export const demoExhibitionName = (calendar: DemoCalendar) => ({
  zh: `${calendar.opensOn.slice(0, 4)} 鹏城国际智能科技博览会`,
  en: `Pengcheng International Smart Technology Fair ${calendar.opensOn.slice(0, 4)}`,
});

export function homeContentPages(calendar: DemoCalendar): PageSeed[] {
  const { opensOn, endsOn } = calendar;
  const name = demoExhibitionName(calendar);
  return [
    {
      slug: "promote",
      title_zh: "全面宣传",
      title_en: "Full promotion",
      body_zh: lines(
        `${name.zh}将于 ${zhRange(opensOn, endsOn)}在鹏城国际会展中心举办。主办方为每一家展商提供免费的线上线下宣传资源，请在展前充分利用。`,
        "",
        "## 免费宣传渠道",
        "- 官方网站及小程序展商名录：完善展商资料后自动展示",
        `- 展会会刊：展商资料于 ${zhDate(calendar.catalogueClosesOn)}截稿后统一排版`,
        "- 官方公众号新品推荐：每周精选展商新品进行推送",
        "- 现场电子导览屏：按展馆轮播展商标志与展位号",
        "",
        "## 如何参与",
        "- 在“展商资料”中上传企业标志、宣传视频及展品图片",
        "- 在“定制小程序”中选择 1 至 3 件主推展品",
        "- 下载邀请海报，通过微信、邮件邀请您的客户到场参观",
        "",
        "宣传素材如需修改，请于截稿日期前在系统内更新；截稿后的修改将无法进入会刊。",
      ),
      body_en: lines(
        `The ${name.en} takes place from ${enRange(opensOn, endsOn)} at the Pengcheng International Convention and Exhibition Center. Every exhibitor gets free online and on-site promotion from the organizer; please make full use of it before the show.`,
        "",
        "## Free promotion channels",
        "- Exhibitor directory on the official website and mini-program: shown as soon as your exhibitor data is complete",
        `- Show catalogue: typeset from the exhibitor data after the closing date of ${enDate(calendar.catalogueClosesOn)}`,
        "- New-product highlights on the official social media account, published weekly",
        "- On-site digital guide screens showing exhibitor logos and booth numbers hall by hall",
        "",
        "## How to take part",
        "- Upload your company logo, promotional video and exhibit images under Exhibitor data",
        "- Choose 1 to 3 featured exhibits for your custom mini-program",
        "- Download the invitation posters and invite your customers by messaging app or e-mail",
        "",
        "To change promotional material, update it in the portal before the closing date; later changes cannot go into the catalogue.",
      ),
    },
    {
      slug: "premise",
      title_zh: "报到须知",
      title_en: "Check-in essentials",
      body_zh: lines(
        "展商报到地点：鹏城国际会展中心南登录厅展商服务台。请携带展商证件及营业执照复印件（加盖公章）办理报到。",
        "",
        "## 布展时间",
        `- 特装展位：${zhRange(calendar.rawMoveIn.from, calendar.rawMoveIn.to)} 08:00–20:00`,
        `- 标准展位：${zhDate(calendar.standardMoveIn)} 08:00–18:00`,
        "",
        "## 展期时间",
        `- 展商入场：${zhRange(opensOn, endsOn)} 08:30`,
        `- 观众参观：每日 09:30–17:00（${zhMonthDay(endsOn)} 14:00 闭馆）`,
        "",
        "## 撤展时间",
        `- ${zhDate(endsOn)} 14:00 起撤展，须于当日 22:00 前完成`,
        "",
        "## 注意事项",
        "- 展商证件仅限本人使用，请勿转借",
        "- 布展期间须佩戴安全帽，严禁在馆内吸烟",
        "- 贵重展品请自行妥善保管，闭馆后请勿在展位内留宿",
      ),
      body_en: lines(
        "Exhibitor check-in is at the exhibitor service desk in the South Registration Hall of the Pengcheng International Convention and Exhibition Center. Bring your exhibitor badge and a stamped copy of your business licence.",
        "",
        "## Move-in",
        `- Special (raw space) booths: ${enRange(calendar.rawMoveIn.from, calendar.rawMoveIn.to)}, 08:00–20:00`,
        `- Standard booths: ${enDate(calendar.standardMoveIn)}, 08:00–18:00`,
        "",
        "## Show days",
        `- Exhibitor entry: ${enRange(opensOn, endsOn)} from 08:30`,
        `- Visitors: daily 09:30–17:00 (closes at 14:00 on ${enMonthDay(endsOn)})`,
        "",
        "## Move-out",
        `- From 14:00 on ${enDate(endsOn)}, to be finished by 22:00 the same day`,
        "",
        "## Please note",
        "- Badges are personal and may not be lent to others",
        "- Hard hats are required during move-in; no smoking in the halls",
        "- Keep valuable exhibits safe yourself; nobody may stay in the booth overnight",
      ),
    },
    {
      slug: "service",
      title_zh: "现场服务预订",
      title_en: "On-site service booking",
      body_zh: lines(
        "展会现场服务由主场服务商统一提供，包括水电气接驳、展具租赁、网络、保洁及吊装等。请在“在线预订服务”中选购，提交订单后上传盖章合同并完成付款。",
        "",
        "## 预订时间",
        `- 优惠预订截止：${zhDate(calendar.advanceUntil)}，享受预订价`,
        `- ${zhRange(addDays(calendar.advanceUntil, 1), addDays(opensOn, -1))}预订：标准价（约高于预订价 20%）`,
        `- 开展日（${zhDate(opensOn)}）起现场预订：现场价（约高于预订价 50%），视库存供应`,
        "",
        "## 常见服务",
        "- 220V/500W 电源插座、380V 动力电箱",
        "- 压缩空气、给排水",
        "- 洽谈桌椅、展示柜、射灯等展具租赁",
        "- 有线及无线网络",
        "",
        "订单提交后不可修改；上传合同后合同信息不可修改，合同可在上传前重新生成。",
      ),
      body_en: lines(
        "On-site services are provided by the official contractor: water, power and gas connections, furniture rental, network, cleaning and hoisting. Choose them under Online booking service, then upload the stamped contract and pay.",
        "",
        "## Booking periods",
        `- Early booking until ${enDate(calendar.advanceUntil)} at the advance price`,
        `- ${enRange(addDays(calendar.advanceUntil, 1), addDays(opensOn, -1))}: the standard price (about 20% above the advance price)`,
        `- On site from the opening day (${enDate(opensOn)}): the on-site price (about 50% above the advance price), subject to availability`,
        "",
        "## Common services",
        "- 220V/500W power sockets, 380V power boxes",
        "- Compressed air, water supply and drainage",
        "- Furniture rental: meeting tables and chairs, showcases, spotlights",
        "- Wired and wireless network",
        "",
        "A submitted order cannot be changed; once the contract is uploaded its details cannot be changed, and it can be regenerated until then.",
      ),
    },
    {
      slug: "hotel",
      title_zh: "食宿行",
      title_en: "Food, lodging and travel",
      body_zh: lines(
        "主办方与会展中心周边多家酒店签订了展商协议价，请通过下列方式直接预订，并注明“鹏城智博会展商”。",
        "",
        "## 协议酒店",
        "- 鹏城会展洲际酒店：步行 5 分钟，协议价 680 元/晚起",
        "- 鹏城会展假日酒店：步行 10 分钟，协议价 460 元/晚起",
        "- 鹏城机场商务酒店：班车 20 分钟，协议价 320 元/晚起",
        "",
        "## 交通指引",
        "- 地铁：20 号线“会展城站”出站即达南登录厅",
        "- 机场：鹏城宝安国际机场乘出租车约 15 分钟",
        "- 高铁：鹏城北站乘地铁约 50 分钟",
        "",
        "## 餐饮",
        "- 各展馆设有快餐区，展期 11:00–14:00 供应",
        "- 南登录厅设有咖啡厅及便利店",
        "",
        "展期酒店紧张，请尽早预订。",
      ),
      body_en: lines(
        "The organizer has agreed exhibitor rates with several hotels near the venue. Book directly and mention “Pengcheng Smart Tech Fair exhibitor”.",
        "",
        "## Partner hotels",
        "- Pengcheng Expo InterContinental: 5 minutes on foot, from CNY 680 per night",
        "- Pengcheng Expo Holiday Inn: 10 minutes on foot, from CNY 460 per night",
        "- Pengcheng Airport Business Hotel: 20 minutes by shuttle bus, from CNY 320 per night",
        "",
        "## Getting there",
        "- Metro: line 20, Expo City station, exits straight into the South Registration Hall",
        "- Airport: about 15 minutes by taxi from Pengcheng Bao'an International Airport",
        "- High-speed rail: about 50 minutes by metro from Pengcheng North station",
        "",
        "## Food",
        "- Every hall has a food court, open 11:00–14:00 on show days",
        "- Café and convenience store in the South Registration Hall",
        "",
        "Hotels fill up during the show: book early.",
      ),
    },
    {
      slug: "poster",
      title_zh: "微海报",
      title_en: "Micro-poster",
      body_zh: lines(
        "微海报是带有贵司名称、展位号及专属二维码的竖版图片，适合在朋友圈、社群及企业公众号中分享。观众扫码即可完成预登记，并计入贵司的邀请排名。",
        "",
        "## 使用步骤",
        "- 确认“展商资料”中的公司名称和展位号正确",
        "- 在“邀请函定制”中选择模板并生成海报",
        "- 长按或右键保存图片后分享",
        "",
        "海报尺寸为 750 × 1334 像素，请勿裁剪二维码区域。",
      ),
      body_en: lines(
        "The micro-poster is a portrait image with your company name, booth number and your own QR code, made for sharing on social media and messaging groups. Visitors who scan it pre-register and count towards your invitation ranking.",
        "",
        "## Steps",
        "- Check that the company name and booth number in Exhibitor data are correct",
        "- Choose a template under Custom invitation and generate the poster",
        "- Save the image and share it",
        "",
        "The poster is 750 × 1334 pixels; do not crop the QR code.",
      ),
    },
    {
      slug: "bannerDownload",
      title_zh: "Logo及Banner下载",
      title_en: "Logo and banner download",
      body_zh: lines(
        "欢迎在贵司官网、邮件签名及宣传物料中使用本届展会的标志和横幅，请遵守以下规范。",
        "",
        "## 可下载素材",
        "- 展会标志：中文版、英文版、中英文组合版（PNG 透明底、AI 矢量）",
        "- 网站横幅：1920 × 600、1200 × 400、750 × 300 像素",
        "- 邮件签名横幅：600 × 120 像素",
        "",
        "## 使用规范",
        "- 请勿改变标志的颜色、比例及字体",
        "- 标志四周须保留不少于标志高度四分之一的留白",
        "- 横幅可添加贵司展位号，但不得遮挡展会名称与日期",
        "",
        "素材包可向您的项目经理索取，或在“资料下载”区域下载。",
      ),
      body_en: lines(
        "You are welcome to use the fair's logo and banners on your website, in e-mail signatures and in promotional material. Please follow the rules below.",
        "",
        "## Available files",
        "- Fair logo: Chinese, English and bilingual versions (transparent PNG, AI vector)",
        "- Website banners: 1920 × 600, 1200 × 400 and 750 × 300 pixels",
        "- E-mail signature banner: 600 × 120 pixels",
        "",
        "## Rules of use",
        "- Do not change the logo's colours, proportions or typeface",
        "- Keep a clear space of at least a quarter of the logo's height around it",
        "- You may add your booth number to a banner but must not cover the fair's name and dates",
        "",
        "Ask your project manager for the files, or download them from the Data download area.",
      ),
    },
    {
      slug: "posterCn",
      title_zh: "中文邀请海报",
      title_en: "Chinese invitation poster",
      body_zh: lines(
        "中文邀请海报面向国内客户，包含展会名称、时间、地点、贵司名称与展位号以及观众预登记二维码。",
        "",
        "## 海报内容",
        `- ${name.zh}`,
        `- ${zhRange(opensOn, endsOn)} · 鹏城国际会展中心`,
        "- 贵司名称及展位号（取自展商资料）",
        "- 专属预登记二维码",
        "",
        "生成后可直接打印（A3 尺寸，300 dpi）或用于线上分享。",
      ),
      body_en: lines(
        "The Chinese invitation poster is meant for customers in mainland China. It shows the fair's name, dates and venue, your company name and booth number, and a visitor pre-registration QR code.",
        "",
        "## What it shows",
        `- ${name.en} (in Chinese)`,
        `- ${enRange(opensOn, endsOn)} · Pengcheng International Convention and Exhibition Center`,
        "- Your company name and booth number (from Exhibitor data)",
        "- Your own pre-registration QR code",
        "",
        "Print it (A3, 300 dpi) or share it online.",
      ),
    },
    {
      slug: "posterEn",
      title_zh: "英文邀请海报",
      title_en: "English invitation poster",
      body_zh: lines(
        "英文邀请海报面向海外客户，内容与中文海报一致，贵司名称使用英文名称；未填写英文名称时显示中文名称。",
        "",
        "## 海报内容",
        `- ${name.en}`,
        `- ${zhRange(opensOn, endsOn)} · 鹏城国际会展中心`,
        "- 贵司英文名称及展位号",
        "- 海外观众预登记二维码",
        "",
        "建议同时附上英文版参展邀请函，便于海外客户办理签证。",
      ),
      body_en: lines(
        "The English invitation poster is meant for overseas customers. It carries the same information as the Chinese poster with your company's English name (the Chinese name when no English name is given).",
        "",
        "## What it shows",
        `- ${name.en}`,
        `- ${enRange(opensOn, endsOn)} · Pengcheng International Convention and Exhibition Center`,
        "- Your company's English name and booth number",
        "- A pre-registration QR code for overseas visitors",
        "",
        "Send it together with the English invitation letter so overseas customers can apply for a visa.",
      ),
    },
  ];
}

type ScheduleSeed = { title_zh: string; title_en: string; deadline: string; link: string; done_check: DemoScheduleCheck };

/** The last second of an exhibition day (UTC+8), as a deadline. */

/** The checklist, each deadline from the demo calendar: some past, some due soon, some weeks ahead. */
export function homeScheduleItems(calendar: DemoCalendar): ScheduleSeed[] {
  const deadline = (check: DemoScheduleCheck) => ({ deadline: endOfExhibitionDay(calendar.schedule[check]), done_check: check });
  return [
    {
      title_zh: "提交展商资料（会刊信息）",
      title_en: "Submit exhibitor data (catalogue entry)",
      ...deadline("profile-submitted"),
      link: "/exhibitorInfo/exhibitorData",
    },
    {
      title_zh: "提交标准展位楣板及展具需求",
      title_en: "Submit standard booth fascia board and equipment needs",
      ...deadline("fascia-submitted"),
      link: "/boothConstruction/standardConstruction",
    },
    {
      title_zh: "申请展商证件",
      title_en: "Apply for exhibitor badges",
      ...deadline("badges-applied"),
      link: "/exhibitorInfo/exhibitorCertificateApply",
    },
    {
      title_zh: "签署进馆安全承诺书",
      title_en: "Sign the move-in safety commitment",
      ...deadline("safety-commitment-signed"),
      link: "/boothConstruction/entrySafetyCommitment",
    },
    {
      title_zh: "预订现场服务（优惠价截止）",
      title_en: "Book on-site services (early prices end)",
      ...deadline("services-ordered"),
      link: "/bookingService/onlineBookingService",
    },
    {
      title_zh: "预约展品运输及吊装",
      title_en: "Book exhibit transport and hoisting",
      ...deadline("transport-booked"),
      link: "/exhibitTL/carriage",
    },
    {
      title_zh: "提交开票申请",
      title_en: "Request your invoice",
      ...deadline("invoice-requested"),
      link: "/invoiceArea/billingApplication",
    },
    {
      title_zh: "制作邀请函，邀请您的买家",
      title_en: "Make your invitation and invite your buyers",
      ...deadline("invitation-made"),
      link: "/exhibitorInfo/invitation/custom",
    },
    {
      title_zh: "提交防疫申报（承诺书及现场人员）",
      title_en: "Submit the epidemic declaration (commitment and on-site staff)",
      ...deadline("epidemic-declared"),
      link: "/exhibitorInfo/epidemicDeclaration",
    },
  ];
}

/** Inserts the home content of one exhibition. Idempotent for pages; schedule items only when there are none. */
export async function seedHomeContent(db: Database, exhibitionId: number, calendar: DemoCalendar) {
  await db
    .insertInto("content_pages")
    .values(homeContentPages(calendar).map((p) => ({ exhibition_id: exhibitionId, ...p })))
    .onConflict((oc) => oc.columns(["exhibition_id", "slug"]).doNothing())
    .execute();
  const existing = await db.selectFrom("schedule_items").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (!existing) {
    await db
      .insertInto("schedule_items")
      .values(homeScheduleItems(calendar).map((item, i) => ({ exhibition_id: exhibitionId, ...item, sort: (i + 1) * 10 })))
      .execute();
  }
}
