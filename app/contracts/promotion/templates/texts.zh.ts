import type en from "./texts.en";

/** promotion.templates 文案：主办方的邀请函模板。 */
const templates: typeof en = {
  title: "邀请函模板",
  intro: "展商在启用的模板上制作邀请函，按此处设置的顺序显示。",
  add: "新增模板",
  edit: "编辑",
  save: "保存模板",
  saved: "模板已保存",
  empty: "暂无模板，请在下方新增第一个。",
  active: "已向展商开放",
  inactive: "未开放",
  slots: "{{count}}个展品",
  languages: { zh: "中文", en: "英文", bilingual: "中英双语" },
  fields: {
    nameZh: "模板名称（中文）",
    nameEn: "模板名称（英文）",
    language: "邀请函语言",
    exhibitSlots: "展示展品数",
    background: "背景图片",
    sort: "排序",
    active: "向展商开放此模板",
    template: "模板",
  },
  errors: {
    notFound: "模板不存在",
    backgroundInvalid: "请使用本账号上传背景图片",
  },
};
export default templates;
