/** promotion.templates texts (en): the organizer's invitation templates. */
const templates = {
  title: "Invitation templates",
  intro: "Exhibitors make their invitations on the active templates, in the order set here.",
  add: "Add a template",
  edit: "Edit",
  save: "Save template",
  saved: "The template has been saved",
  empty: "No templates yet. Add the first one below.",
  active: "Offered to exhibitors",
  inactive: "Not offered",
  slots: "{{count}} exhibits",
  languages: { zh: "Chinese", en: "English", bilingual: "Chinese and English" },
  fields: {
    nameZh: "Template name (Chinese)",
    nameEn: "Template name (English)",
    language: "Invitation language",
    exhibitSlots: "Exhibits shown",
    background: "Background picture",
    sort: "Order",
    active: "Offer this template to exhibitors",
    template: "Template",
  },
  errors: {
    notFound: "The template does not exist",
    backgroundInvalid: "Please upload the background picture with this account",
  },
};
export default templates;
