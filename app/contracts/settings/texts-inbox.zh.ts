/** settings.inbox 文本（zh）：主办方的意见反馈处理（issue 51）。 */
const inbox = {
  title: "意见反馈处理",
  intro: "展商、承运商及本方人员通过“意见反馈”提交的内容，最新的在前。处理完毕后请标记为已处理。",
  feedback: "意见反馈",
  type: "类型",
  state: "状态",
  allTypes: "全部类型",
  states: {
    open: "待处理（{{count}}）",
    handled: "已处理（{{count}}）",
    all: "全部",
  },
  sent: "提交时间",
  from: "提交人",
  content: "内容",
  image: "图片",
  openImage: "查看图片",
  noImage: "无",
  waiting: "待处理",
  handledBy: "{{who}} 于 {{date}} 处理",
  markHandled: "标记为已处理",
  markOpen: "标记为待处理",
  markedHandled: "已标记为已处理",
  markedOpen: "已重新标记为待处理",
  empty: "没有符合条件的意见反馈。",
  emptyOpen: "暂无待处理的意见反馈。",
  notFound: "该意见反馈不存在",
  imageNotFound: "该意见反馈没有图片",
};

export default inbox;
