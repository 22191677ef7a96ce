/** exhibitor.verify texts (zh): contact verification codes (sendSmsCode, sendEmailCode, saving contact 1). */
const verify = {
  required: "请输入发送给您的验证码完成验证",
  wrong: "验证码不正确",
  expired: "验证码已过期，请重新获取",
  tooManyTries: "验证码错误次数过多，请重新获取",
  noCode: "请先获取验证码",
  smsFailed: "短信未能发送到该号码，请检查号码或稍后重试",
  emailFailed: "邮件未能发送到该地址，请检查地址或稍后重试",
  tooSoon: "请等待{{seconds}}秒后再重新获取验证码",
  tooManySends: "获取验证码过于频繁，请{{minutes}}分钟后再试",
  sent: "验证码已发送至{{target}}",
  send: "获取验证码",
  resendIn: "{{seconds}}秒后重新获取",
  codeLabel: "验证码",
  verified: "已验证",
  smsText: "您的验证码为{{code}}，{{minutes}}分钟内有效。请勿将验证码告知他人。",
  emailSubject: "您的验证码：{{code}}",
  emailText: "您好：\n\n您的验证码为 {{code}}，{{minutes}}分钟内有效。\n\n请勿将验证码告知他人。如非本人操作，请忽略本邮件。\n\n展商服务平台",
};

export default verify;
