import type { ExhibitionSettings } from "../../app/contracts/exhibition-settings/values";
import type { Database } from "../db/database";
import { readExhibitionSettings, saveExhibitionSettings } from "../exhibition-settings/store";

/**
 * The demo exhibition's settings (issue 52): example values, so the demo shows every element a real
 * show gets once its organizer fills /index/settings. Only the demo seed writes them; a real
 * exhibition starts with none, and its empty settings hide their elements.
 */
export const DEMO_EXHIBITION_SETTINGS = {
  filingNumber: "粤ICP备00000000号",
  userGuideUrl: "https://docs.example.org/exhibitor-portal/guide",
  contactWayUrl: "https://work.weixin.qq.com/ca/demo-marketing-manager",
  contactTip1Zh: "扫描二维码添加市场经理为联系人。",
  contactTip1En: "Scan the code to add our marketing manager.",
  contactTip2Zh: "工作时间：周一至周五 9:00–18:00（北京时间）。",
  contactTip2En: "Working hours: Monday to Friday, 9:00–18:00 (China time).",
  drawingSiteUrl: "https://drawing.example.org/submit",
  exhibitorServiceEmail: "exhibitor-service@pitf.example.org",
  mailSenderName: "展商服务平台（演示） Exhibitor Portal (demo)",
  smsSignName: "展商服务平台",
} as const satisfies ExhibitionSettings;

/** Sets the demo's settings that have no value yet (a later start adds a key added since; a value the organizer changed stays). */
export async function seedDemoExhibitionSettings(db: Database, exhibitionId: number) {
  const current = await readExhibitionSettings(db, exhibitionId);
  const missing = Object.fromEntries(Object.entries(DEMO_EXHIBITION_SETTINGS).filter(([key]) => !(key in current)));
  if (Object.keys(missing).length) await saveExhibitionSettings(db, exhibitionId, missing);
}
