import type en from "./texts.en";
import inbox from "./texts-inbox.zh";

/** settings 文案：意见反馈、换肤、切换展位、联系我们。 */
const settings: typeof en = {
  settingsTitle: "设置",
  feedbackTitle: "意见反馈",
  feedbackType: "反馈类型",
  feedbackTypePlaceholder: "请选择反馈类型",
  feedbackTypes: {
    bug: "功能异常",
    suggestion: "功能建议",
    contentError: "内容错误",
    experience: "使用体验",
    other: "其他",
  },
  feedbackContent: "反馈内容",
  feedbackContentPlaceholder: "请描述您遇到的问题或建议",
  feedbackCounterLabel: "已输入 {{used}} 字，最多 {{max}} 字",
  feedbackContentLimit: "最多 {{max}} 个字",
  feedbackImage: "图片（选填）",
  feedbackImageRule: "支持 jpg、jpeg、png 格式，不超过 5 MB",
  feedbackSubmit: "提交",
  feedbackSuccess: "反馈成功",
  feedbackTypeRequired: "请选择反馈类型",
  feedbackContentRequired: "请输入反馈内容",
  feedbackContentTooLong: "反馈内容最多 300 个字",
  feedbackImageType: "只能上传 jpg、jpeg、png 格式的图片",
  feedbackImageTooLarge: "图片大小不能超过 5 MB",
  feedbackImageInvalid: "图片不存在，请重新上传",
  skinTitle: "换肤",
  skinIntro: "请选择门户的背景图片。",
  skinNames: {
    skin1: "晨空",
    skin2: "草地",
    skin3: "黄昏",
  },
  skinCurrent: "当前",
  skinSubmit: "应用",
  skinSuccess: "换肤成功",
  skinRequired: "请选择一个皮肤",
  boothLabel: "展位",
  boothSwitch: "切换展位",
  boothSwitched: "展位已切换",
  boothRequired: "请选择展位",
  contactTitle: "联系我们",
  inbox,
};

export default settings;
