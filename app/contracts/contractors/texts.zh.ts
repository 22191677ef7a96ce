/** 委托搭建商：展商的委托搭建商预订页面与搭建商登录（zh）。 */
const contractors = {
  fields: {
    companyName: "搭建商公司名称",
    contactName: "联系人",
    email: "搭建商邮箱",
    booth: "展位",
    access: "搭建商",
    exhibitorNo: "展商编号",
    code: "一次性验证码",
  },
  page: {
    title: "委托搭建商预订",
    intro:
      "委托搭建商为您的展位预订现场服务。搭建商将通过邮件收到您的展商编号和一次性验证码，无需您的密码即可登录。搭建商只能预订服务并查看其下的订单；上传盖章合同和付款仍由您本人完成。您可随时撤销其权限。",
    entrustHeading: "委托搭建商",
    emailHint: "展商编号和一次性验证码将发送到此邮箱。",
    entrustSubmit: "委托并发送验证码",
    listHeading: "已委托的搭建商",
    empty: "您还没有委托搭建商。",
    contractor: "搭建商",
    access: "权限",
    orders: "订单",
    actions: "操作",
    orderSummary: "{{count}} 个订单，共 {{total}}",
    resend: "重新发送验证码",
    revoke: "撤销权限",
    confirmRevoke: "确定撤销{{company}}的权限吗？其登录将立即失效，购物车将被清空；已提交的订单保留。",
    confirmRevokeYes: "撤销",
    keep: "保留权限",
  },
  status: {
    active: "有效",
    revoked: "已撤销",
  },
  codeState: {
    sent: "验证码已发送，有效期至 {{date}}",
    used: "已于 {{date}} 登录",
    expired: "无有效验证码：请重新发送",
    revoked: "已于 {{date}} 撤销",
  },
  notices: {
    entrusted: "已委托该搭建商，展商编号和一次性验证码已通过邮件发送。",
    resent: "新的验证码已通过邮件发送，之前的验证码已失效。",
    revoked: "已撤销该搭建商的权限。",
  },
  signIn: {
    title: "搭建商登录",
    heading: "受托搭建商登录",
    intro: "请输入展商发给您的邮件中的展商编号和一次性验证码，无需密码。",
    codeHint: "8 位字母和数字；每个验证码只能使用一次。",
    chineseOnly: "服务预订页面仅提供中文：登录后门户将以中文显示。",
    submit: "登录",
    exhibitorLogin: "展商登录",
    link: "受托搭建商？使用验证码登录",
  },
  email: {
    subject: "{{exhibitor}}委托您为展位 {{booth}} 预订服务",
    text: "{{contact}}，您好：\n\n{{exhibitor}}已在展商服务平台委托{{company}}为展位 {{booth}} 预订现场服务。\n\n展商编号：{{exhibitorNo}}\n一次性验证码：{{code}}\n\n请在 {{link}} 登录（选择“受托搭建商”）。验证码只能使用一次，有效期至 {{expires}}；过期后请联系展商重新发送。\n\n如您不认识该展商，请忽略此邮件。",
  },
  errors: {
    wrongCode: "展商编号或验证码不正确，或验证码已过期或已使用。请联系展商重新发送验证码。",
    alreadyEntrusted: "已委托该搭建商负责此展位：请改为重新发送验证码。",
    tooMany: "同时最多可委托 {{max}} 个搭建商：请先撤销一个。",
    sendFailed: "邮件发送失败，请稍后重试。",
    resendTooSoon: "验证码刚刚发送，请 {{seconds}} 秒后再试。",
    revoked: "该权限已被撤销。",
  },
};

export default contractors;
