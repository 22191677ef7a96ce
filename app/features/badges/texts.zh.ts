import type { Resource } from "~/i18n/locales/en";

/** 展商证件（参展证申请）。 */
const badges: Resource["badges"] = {
  title: "展商证件",
  fields: {
    booth: "展位",
    holderName: "姓名",
    idType: "证件类型",
    idNumber: "证件号码",
    mobile: "手机号",
    email: "邮箱",
    company: "公司",
    position: "职务",
    photo: "照片",
    kind: "类别",
    record: "证件",
    keyword: "搜索",
    pageSize: "每页条数",
  },
  idTypes: { idCard: "居民身份证", passport: "护照", hkMacaoPermit: "港澳居民来往内地通行证", taiwanPermit: "台湾居民来往大陆通行证" },
  kinds: { free: "免费", paid: "付费" },
  statuses: { submitted: "已提交", approved: "已通过", returned: "已退回" },
  errors: {
    quotaExceeded: "证件名额已用完：本展位的 {{free}} 个免费和 {{paidMax}} 个付费名额均已使用",
    noneTicked: "请先勾选证件",
    approvedLocked: "已通过审核的证件不能修改或删除",
    busy: "该证件已被同时修改，请刷新后重试",
    noBooth: "没有可申请证件的展位",
  },
};

export default badges;
