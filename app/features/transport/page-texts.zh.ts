/** 展品运输页面文字（字段与错误见 texts.zh.ts）。 */
const pageTexts = {
  carriage: { title: "展品运输申报" },
  review: { title: "承运商审核" },
  orders: { title: "承运订单" },
  lifting: { title: "吊装费用及预约" },
};

export default pageTexts;
