/** exhibitor.api texts (en): answers of /smeb/exhibitor/info/* that no form field owns. */
const profileApi = {
  underReview: "Your exhibitor data is under review and cannot be changed until the review is finished",
  notUnderReview: "This exhibitor data is not waiting for review",
  busy: "The exhibitor data was being changed at the same time, please try again",
};

export default profileApi;
