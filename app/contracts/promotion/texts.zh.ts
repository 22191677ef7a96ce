import type en from "./texts.en";
import pages from "./pages/texts.zh";
import images from "./images/texts.zh";
import visitors from "./visitors/texts.zh";
import templates from "./templates/texts.zh";
import reports from "./reports/texts.zh";

/** promotion 文案（第 38 项）：目前为展品。 */
const promotion: typeof en = {
  pages,
  images,
  visitors,
  templates,
  reports,
  fields: {
    nameZh: "展品名称（中文）",
    nameEn: "展品名称（英文）",
    descriptionZh: "展品介绍（中文）",
    descriptionEn: "展品介绍（英文）",
    class: "展品类别",
    images: "展品图片",
    exhibit: "展品",
    invitationName: "邀请函名称",
    companyName: "邀请函上的公司名称",
    template: "邀请函模板",
    exhibits: "展示的展品",
    invitation: "邀请函",
    order: "展品顺序",
  },
  errors: {
    exhibitNotFound: "展品不存在",
    tooManyExhibits: "最多可添加{{max}}个展品",
    imageInvalid: "请上传本账号的展品图片",
    classInvalid: "请选择正确的展品类别",
    orderInvalid: "展品顺序须包含全部展品，且每个只出现一次",
    templateInvalid: "请选择主办方提供的模板",
    tooManyForTemplate: "该模板最多展示{{slots}}个展品",
    exhibitTwice: "同一展品只能选择一次",
    invitationNotFound: "邀请函不存在",
    stale: "展品已被修改，请刷新后重试",
  },
};
export default promotion;
