import type { Resource } from "./en";
import home from "~/features/home/texts.zh";
import settings from "~/features/settings/texts.zh";
import shell from "./zh-shell";
import uploads from "~/features/uploads/texts.zh";
import exhibitor from "~/features/exhibitor/texts.zh";
import orders from "~/features/orders/texts.zh";
import bookingForms from "~/features/booking-forms/texts.zh";
import contractors from "~/features/contractors/texts.zh";
import badges from "~/features/badges/texts.zh";
import boothConstruction from "~/features/booth-construction/texts.zh";
import invoices from "~/features/invoices/texts.zh";
import transport from "~/features/transport/texts.zh";
import vehicles from "~/features/vehicles/texts.zh";

/** 中文文案。键与 en.ts 一致（由单元测试检查）。 */
const zh: Resource = {
  app: {
    title: "展商服务平台",
    exhibitionFallback: "展会",
    copyright: "版权所有 © 1999-2025 展商服务平台",
    language: "语言",
    languageZh: "中文",
    languageEn: "English",
    skipToContent: "跳到正文",
  },
  login: {
    title: "登录",
    heading: "登录展商服务平台",
    username: "用户名",
    password: "密码",
    submit: "登录",
    submitting: "登录中…",
    usernameRequired: "请输入用户名",
    passwordRequired: "请输入密码",
    wrongCredentials: "用户名或密码错误",
    locked: "登录失败次数过多，请 {{minutes}} 分钟后再试",
    captchaTitle: "安全验证",
    captchaInstruction: "请点击图中的字符“{{target}}”",
    captchaRequired: "请先完成安全验证",
    captchaWrong: "安全验证未通过，请重试",
    captchaExpired: "安全验证已过期，请重试",
    captchaRefresh: "换一张",
    captchaUseText: "改用输入验证码",
    captchaUseClick: "改用点击图片",
    textCodeLabel: "验证码",
    textCodeHint: "请输入图中的字符",
    textCodeRequired: "请输入验证码",
    signedOut: "您已退出登录",
    passwordChangedSignIn: "密码已修改，请重新登录",
  },
  session: {
    expired: "用户未登录或登录已过期，请重新登录",
    logout: "退出登录",
  },
  errors: {
    crossSite: "该请求来自其他网站，已被拒绝",
    insufficientPermissions: "权限不足",
    network: "网络异常，请尝试重新连接",
    requestFailed: "请求失败，请重试！",
    system: "系统错误",
    notFound: "找不到该页面",
    noPermission: "您没有权限访问此页面或使用此功能",
    improveInfo: "请先完善您的信息",
    systemUpdated: "系统已更新，请刷新",
    badRequest: "请求无效",
    tooManyRequests: "请求过于频繁，请稍后再试",
    translateNotConfigured: "翻译服务未配置",
    translateFailed: "翻译失败，请稍后再试",
    translateNeedsChinese: "翻译需要先填写中文内容",
    decryptFailed: "无法读取加密的密码，请刷新页面后重试",
    backHome: "返回首页",
    requestId: "请求编号 {{id}}（联系我们时请提供）",
    goToLogin: "前往登录",
    status: "状态码 {{status}}",
  },
  validation: {
    required: "{{prop}}不能为空",
    correct: "请输入正确的{{prop}}",
    enter: "请输入{{prop}}",
    email: "邮箱格式不正确",
    idCard: "身份证格式不正确",
    exists: "{{prop}}已存在",
    illegalEmail: "邮箱不合法",
    tooLong: "{{prop}}最多 {{max}} 个字符",
    tickRules: "请勾选已阅读规则",
    unstorable: "输入内容含有无法保存的字符（控制字符），请删除后重试",
    tooMany: "{{prop}}选择过多",
    positive: "{{prop}}必须大于 0",
    atMost: "{{prop}}最大为 {{max}}",
    missing: "缺少必填信息",
    invalid: "填写的内容无效",
    tooBig: "填写的内容过长或过大",
    tooSmall: "填写的内容过短或过小",
  },
  password: {
    title: "修改密码",
    old: "原密码",
    new: "新密码",
    confirm: "确认新密码",
    submit: "保存",
    submitting: "保存中…",
    oldRequired: "请输入密码",
    newRequired: "请输入新密码",
    sameAsOld: "新密码不能与原密码相同",
    confirmRequired: "请再次输入新密码",
    mismatch: "两次输入的新密码不一致",
    oldWrong: "原密码不正确",
    tooLong: "密码最多 190 字节（190 个字母或数字，或 63 个汉字）",
    success: "修改成功",
  },
  home,
  settings,
  shell,
  uploads,
  exhibitor,
  orders,
  bookingForms,
  contractors,
  badges,
  boothConstruction,
  invoices,
  transport,
  vehicles,
  common: {
    loading: "加载中…",
    cancel: "取消",
    confirm: "确定",
    close: "关闭",
  },
};

export default zh;
