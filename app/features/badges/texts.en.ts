/** Exhibitor badges (issue 14; spec /exhibitorInfo/exhibitorCertificateApply). */
const badges = {
  title: "Exhibitor badges",
  fields: {
    booth: "Booth",
    holderName: "Name",
    idType: "ID type",
    idNumber: "ID number",
    mobile: "Mobile",
    email: "E-mail",
    company: "Company",
    position: "Position",
    photo: "Photo",
    kind: "Kind",
    record: "Badge",
    keyword: "Search",
    pageSize: "Rows per page",
  },
  idTypes: { idCard: "Mainland ID card", passport: "Passport", hkMacaoPermit: "Hong Kong/Macao permit", taiwanPermit: "Taiwan permit" },
  kinds: { free: "Free", paid: "Paid" },
  statuses: { submitted: "Submitted", approved: "Approved", returned: "Returned" },
  errors: {
    quotaExceeded: "No badges left: this booth has used its {{free}} free and {{paidMax}} paid badges",
    noneTicked: "Please tick the badges first",
    approvedLocked: "An approved badge cannot be changed or deleted",
    busy: "The badge was changed at the same time, please reload and try again",
    noBooth: "There is no booth to apply for badges for",
  },
};

export default badges;
