import type { Resource } from "~/contracts/i18n/locales/en";

/** video texts (zh), issue 40: promotional videos rendered by a background job. */
const video: Resource["video"] = {
  title: "宣传视频",
  intro: "根据贵司的标志、公司名称、展位和展品自动生成 15–30 秒带背景音乐的 MP4 视频。视频在后台生成，您可以离开本页面。",
  exhibits: "展品",
  exhibitsHint: "不选择则使用全部展品（按排序，最多 8 个）。",
  orientation: "画幅",
  orientations: { portrait: "竖屏 720 × 1280（手机）", landscape: "横屏 1280 × 720（大屏）" },
  start: "生成视频",
  startAgain: "重新生成视频",
  started: "已开始生成",
  states: { idle: "尚未生成视频", queued: "排队中", rendering: "生成中：{{progress}} %", done: "已完成", failed: "生成失败：{{reason}}" },
  keptOld: "新视频生成成功之前，原视频保持不变。",
  player: "您的视频",
  share: "分享链接",
  download: "下载",
  downloadAllowed: "允许观众下载视频",
  saveFlags: "保存",
  flagsSaved: "已保存",
  duration: "{{seconds}} 秒，{{size}} MB",
  noVideo: "尚未生成视频。",
  list: {
    title: "宣传视频列表",
    company: "公司",
    state: "状态",
    video: "视频",
    downloads: "下载",
    updated: "更新时间（UTC+8）",
    empty: "还没有展商生成视频。",
    allowed: "允许",
    forbidden: "不允许",
  },
  errors: {
    running: "视频正在生成中，请等待完成后再试。",
    orientation: "请选择竖屏或横屏",
    tooManyExhibits: "最多选择 8 个展品",
    exhibitNotFound: "所选展品不存在",
    noBooth: "只有拥有展位的展商才能生成宣传视频",
    timedOut: "超时",
    interrupted: "服务器中断，请重试",
    renderFailed: "视频生成失败",
    notFound: "该视频不存在",
    range: "请求的范围超出视频长度",
  },
};

export default video;
