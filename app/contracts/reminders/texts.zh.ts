import type English from "./texts.en";

/** reminders texts (zh), issue 39: checklist reminders by e-mail and SMS, their settings and log. */
const reminders: typeof English = {
  item: "待办事项",
  mail: {
    subject: "【待办】{{item}}：截止 {{deadline}}",
    subjectOverdue: "【待办】{{item}}：已于 {{deadline}} 截止",
    greeting: "{{company}}，您好：",
    before: "您的账号 {{username}} 尚未完成待办事项“{{item}}”，距截止还有 {{days}} 天（截止时间 {{deadline}}，北京时间）。",
    overdue: "您的账号 {{username}} 尚未完成待办事项“{{item}}”，该事项已于 {{deadline}}（北京时间）截止。",
    manual: "主办方提醒：您的账号 {{username}} 尚未完成待办事项“{{item}}”（截止时间 {{deadline}}，北京时间）。",
    action: "请登录展商服务平台办理：{{link}}",
    footer: "完成该事项后将不再收到此提醒。",
    sms: "【待办】{{item}} 截止 {{deadline}}（北京时间），请办理：{{link}}",
  },
  settings: {
    title: "提醒设置（所有待办事项）",
    intro: "未完成某事项的展商将在截止前收到邮件（已知手机号时另发短信），逾期时再提醒一次。",
    daysBefore: "截止前天数",
    daysHint: "最多 5 个 1 至 60 的整数，用逗号分隔（留空：截止前不提醒）",
    overdue: "逾期时再提醒一次",
    save: "保存设置",
    saved: "提醒设置已保存",
    dayRange: "天数须为 1 至 60 的整数",
    tooMany: "最多填写 5 个天数",
    repeated: "天数不能重复",
  },
  sendNow: {
    title: "立即发送提醒",
    intro: "向上方列表中的每位展商发送提醒（邮件，已知手机号时另发短信）。",
    button: "立即发送提醒",
    question: "确定向 {{count}} 位展商发送“{{item}}”的提醒吗？",
    confirm: "发送",
    nobody: "所有展商均已完成，无需提醒。",
    sent: "已向 {{count}} 位展商发送提醒",
    queued: "提醒正在发送给 {{count}} 位展商（几秒内发出）",
  },
  log: {
    title: "本事项的提醒记录",
    empty: "本事项尚未发送过提醒。",
    exhibitor: "展商",
    kind: "类型",
    channel: "渠道",
    status: "状态",
    time: "时间（北京时间）",
    kinds: { before: "截止前 {{days}} 天", overdue: "逾期提醒", manual: "主办方发送" },
    channels: { email: "邮件", sms: "短信", none: "无" },
    statuses: { queued: "排队中", claimed: "未确认", sent: "已发送", failed: "发送失败" },
  },
};

export default reminders;
