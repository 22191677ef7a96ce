import type en from "./texts.en";

/** promotion.images 文案（第 38 项）：邀请函与海报图片，以及图片上的文字。 */
const images: typeof en = {
  art: {
    invitation: "邀请函",
    invite: "诚挚邀请您莅临参观",
    visitUs: "欢迎莅临",
    exhibits: "重点展品",
    booth: "展位号 {{booth}}",
    scan: "扫码免费预登记",
    scanHint: "预登记观众现场快速入场",
    dateRange: "{{from}} 至 {{to}}",
  },
  posterAlt: {
    micro: "{{company}}的微海报",
    zh: "{{company}}的中文邀请海报",
    en: "{{company}}的英文邀请海报",
  },
  invitationAlt: "邀请函图片：{{name}}",
  yourPoster: "您的海报",
  downloadPng: "下载图片（PNG）",
  downloadPdf: "下载 PDF",
  openImage: "打开图片",
  organizerNote: "海报按展商生成，带有展商自己的展位号和二维码；主办方账号没有展位，不生成海报。",
  signInNote: "以展商身份登录后，可查看并下载贵司的专属海报。",
  fileNames: {
    invitation: "邀请函 {{name}}",
    micro: "微海报 {{booth}}",
    zh: "中文邀请海报 {{booth}}",
    en: "英文邀请海报 {{booth}}",
  },
  fields: {
    format: "图片格式",
    kind: "海报",
  },
  errors: {
    noBooth: "图片按展商展位生成，该账号没有展位",
  },
};
export default images;
