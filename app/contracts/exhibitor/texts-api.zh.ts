/** exhibitor.api texts (zh): answers of /smeb/exhibitor/info/* that no form field owns. */
const profileApi = {
  underReview: "展商资料审核中，审核完成前不能修改",
  notUnderReview: "该展商资料不在待审核状态",
  busy: "展商资料正在被同时修改，请重试",
};

export default profileApi;
