import type en from "./texts-overview.en";

/** home.overview 文案：主办方首页与展商的完成情况。 */
const overview: typeof en = {
  title: "展会概况",
  exhibitors: "共{{count}}家有展位的展商",
  completion: "待办完成率：{{percent}}%",
  item: "待办事项",
  deadline: "截止日期",
  done: "已完成",
  notDone: "未完成",
  overdue: "已逾期",
  notChecked: "不统计",
  showNotDone: "查看未完成展商",
  queuesTitle: "待您审核",
  queuesEmpty: "暂无待审核事项。",
  queues: {
    profiles: "展商资料",
    badges: "证件",
    construction: "展位搭建",
    vouchers: "付款凭证",
    invoices: "开票申请",
    trucks: "黄牌货车",
    taiwan: "台湾展品报备",
  },
  notDoneTitle: "未完成：{{item}}",
  /** The tab of a not-done list (its document title names the item). */
  notDoneTab: "未完成的展商",
  notDoneCount: "共{{count}}家展商尚未完成",
  allDone: "所有展商均已完成。",
  export: "导出（.xlsx）",
  back: "返回概况",
  company: "公司",
  username: "展商编号",
  booths: "展位",
  phone: "手机",
  email: "邮箱",
  itemNotFound: "待办事项不存在",
  sheet: "未完成",
  yourCompletion: "您的待办：已完成{{done}}项，共{{total}}项",
  nextDeadline: "下一个截止：{{title}}，{{day}}",
  overdueItems: "已逾期",
};
export default overview;
