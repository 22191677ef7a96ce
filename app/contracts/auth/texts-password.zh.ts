/** 参展商门户的邀请（激活）与忘记密码文字（中文），issue 39：页面、接口提示、邮件与短信。 */
const passwordLinks = {
  loginLink: "忘记密码？",
  backToLogin: "返回登录",
  forgot: {
    title: "忘记密码",
    intro: "请输入您的用户名（展商编号）、账号的邮箱或手机号。",
    identifier: "用户名、邮箱或手机号",
    identifierRequired: "请输入用户名、邮箱或手机号",
    submit: "发送",
    sent: "如有匹配的账号，我们已通过邮件发送重置链接（{{linkMinutes}} 分钟内有效）或通过短信发送验证码（{{codeMinutes}} 分钟内有效）。",
    locked: "请求过于频繁，请 {{minutes}} 分钟后再试。",
    haveCode: "收到短信验证码？请在下方输入用户名、验证码和新密码。",
    askCode: "我已收到短信验证码",
  },
  code: {
    title: "使用短信验证码重置",
    username: "用户名",
    usernameRequired: "请输入用户名",
    code: "短信验证码",
    codeRequired: "请输入短信中的 6 位验证码",
    submit: "设置密码并登录",
    wrong: "用户名或验证码不正确",
    expired: "验证码已过期，请重新获取",
    tooManyTries: "验证码错误次数过多，请重新获取",
    locked: "尝试次数过多，请 {{minutes}} 分钟后再试。",
  },
  link: {
    titleActivate: "设置密码",
    titleReset: "设置新密码",
    introActivate: "欢迎使用参展商门户。请为账号 {{username}} 设置密码，保存后即自动登录。",
    introReset: "请为账号 {{username}} 设置新密码。该账号在其他设备上的登录将被退出。",
    submit: "保存密码并登录",
    expired: "此链接已过期。激活链接 7 天内有效，重置链接 1 小时内有效。",
    used: "此链接已被使用。",
    replaced: "已发送更新的链接，此链接已失效。请使用最新的邮件或短信。",
    invalid: "此链接无效，请确认链接已完整复制。",
    askNew: "重新获取链接",
  },
  mail: {
    activateSubject: "参展商门户邀请",
    activateText:
      "您好：\n\n您已受邀使用参展商门户，用户名为 {{username}}。\n请通过以下链接设置密码（{{days}} 天内有效，仅可使用一次）：\n{{link}}\n\n如非本人操作，请忽略此邮件。",
    activateSms: "您的用户名为 {{username}}，请在 {{days}} 天内设置密码：{{link}}",
    resetSubject: "重置参展商门户密码",
    resetText:
      "您好：\n\n有人申请重置账号 {{username}} 的密码。\n请通过以下链接设置新密码（{{minutes}} 分钟内有效，仅可使用一次）：\n{{link}}\n\n如非本人操作，请忽略此邮件，您的密码不会改变。",
    resetSms: "账号 {{username}} 的密码重置验证码为 {{code}}，{{minutes}} 分钟内有效。如非本人操作，请忽略。",
  },
};

export default passwordLinks;
