import pages from "./pages/texts.en";
import images from "./images/texts.en";
import visitors from "./visitors/texts.en";
import templates from "./templates/texts.en";
import reports from "./reports/texts.en";

/** promotion texts (en), issue 38: exhibits for now. */
const promotion = {
  pages,
  images,
  visitors,
  templates,
  reports,
  fields: {
    nameZh: "Exhibit name (Chinese)",
    nameEn: "Exhibit name (English)",
    descriptionZh: "Exhibit description (Chinese)",
    descriptionEn: "Exhibit description (English)",
    class: "Exhibit category",
    images: "Exhibit images",
    exhibit: "Exhibit",
    invitationName: "Invitation name",
    companyName: "Company name on the invitation",
    template: "Invitation template",
    exhibits: "Exhibits shown",
    invitation: "Invitation",
    order: "Exhibit order",
  },
  errors: {
    exhibitNotFound: "The exhibit does not exist",
    tooManyExhibits: "At most {{max}} exhibits can be added",
    imageInvalid: "Please upload the exhibit images with this account",
    classInvalid: "Please choose a valid exhibit category",
    orderInvalid: "The order must list every exhibit exactly once",
    templateInvalid: "Please choose one of the organizer's templates",
    tooManyForTemplate: "This template shows at most {{slots}} exhibits",
    exhibitTwice: "Each exhibit can be chosen once",
    invitationNotFound: "The invitation does not exist",
    stale: "The exhibit was changed meanwhile; please reload and try again",
  },
};
export default promotion;
