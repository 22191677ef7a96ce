import type en from "./texts.en";

/** 上传组件与存储调用（规格第 4、5、8 点）。 */
const uploads: typeof en = {
  choose: "选择文件",
  accepted: "支持格式：{{formats}}；大小不超过 {{size}}；最多 {{count}} 个文件",
  uploading: "正在上传 {{name}}：{{percent}}%",
  uploaded: "已上传",
  remove: "删除",
  confirmRemove: "确定删除 {{name}} 吗？",
  removeKeep: "保留",
  tooLarge: "{{name}} 超过 {{size}}，请选择更小的文件",
  tooMany: "最多只能上传 {{count}} 个文件",
  typeNotAllowed: "只能上传 {{formats}} 格式的文件",
  tooManyPixels: "图片像素过多（宽 × 高不能超过 {{megapixels}} 百万像素），请缩小图片尺寸后重新上传",
  typeMismatch: "该文件的内容不是 {{formats}} 格式，未被接受",
  videoCodec: "视频须为 H.264 视频与 AAC 音频编码的 MP4 文件",
  empty: "文件为空",
  notFound: "未找到已上传的文件，请重新上传",
  tooManyPending: "本账号未完成的上传过多（{{count}} 个），请等待正在进行的上传完成或稍后再试；未完成的上传将在 {{hours}} 小时后清除",
  wait: "请等待文件上传完成",
  failed: "操作失败",
  folderInvalid: "不允许此上传",
  nameRequired: "文件需要名称",
  nameLabel: "文件名",
  keyLabel: "存储文件",
  kindsLabel: "文件类型",
  noJsHint: "提交表单时上传文件。",
  current: "当前文件：{{name}}",
};

export default uploads;
