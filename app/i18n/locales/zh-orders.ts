/** On-site service ordering texts (zh). */
const orders = {
  fields: {
    service: "服务项目",
    item: "购物车项目",
    quantity: "数量",
    booth: "展位",
    contractorCompany: "搭建商公司名称",
    contractorContact: "搭建商联系人",
    contractorPhone: "搭建商电话",
    installationDrawing: "安装图纸",
    contract: "盖章合同",
    voucher: "付款凭证",
  },
  statuses: {
    submitted: "订单已提交",
    contract_uploaded: "合同已上传",
    payment_claimed: "已提交付款凭证",
    completed: "交易完成",
  },
  sources: {
    online: "线上",
    offline: "线下",
    contractor: "委托搭建商",
  },
  priceKinds: {
    advance: "预订价",
    standard: "标准价",
    onsite: "现场价",
  },
  priceUntil: {
    advance: "预订价截至 {{date}}",
    standard: "标准价截至 {{date}}",
    onsite: "现场价",
  },
  categories: {
    electricity: "用电",
    compressedAir: "压缩空气",
    water: "给排水",
    lighting: "照明",
    furniture: "家具租赁",
    network: "网络",
    cleaning: "清洁",
  },
  errors: {
    noBooth: "您没有可预订服务的展位",
    windowClosed: "该服务已停止预订",
    emptyCart: "购物车为空",
    deleted: "该订单已删除",
    busy: "订单正在被同时修改，请重试",
    contractNotUploaded: "请先上传盖章合同",
    lockedAfterContract: "合同已上传，订单信息不能再修改",
    paymentNotClaimed: "展商尚未上传付款凭证",
    paymentAlreadyClaimed: "付款凭证已上传",
    completed: "该交易已完成",
  },
};

export default orders;
