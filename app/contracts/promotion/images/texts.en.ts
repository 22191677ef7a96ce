/** promotion.images texts (en), issue 38: the invitation and poster images, and the words drawn on them. */
const images = {
  /** Drawn on the images (the template's language, both for a bilingual one). */
  art: {
    invitation: "INVITATION",
    invite: "You are cordially invited to visit",
    visitUs: "Visit us at",
    exhibits: "Featured exhibits",
    booth: "Booth {{booth}}",
    scan: "Scan to pre-register for free",
    scanHint: "Pre-registered visitors enter faster on site",
    dateRange: "{{from}} – {{to}}",
  },
  posterAlt: {
    micro: "Micro-poster of {{company}}",
    zh: "Chinese invitation poster of {{company}}",
    en: "English invitation poster of {{company}}",
  },
  invitationAlt: "Invitation image: {{name}}",
  yourPoster: "Your poster",
  downloadPng: "Download image (PNG)",
  downloadPdf: "Download PDF",
  openImage: "Open image",
  organizerNote: "Posters are made for each exhibitor with its own booth and QR code; the organizer's account has none.",
  signInNote: "Sign in as an exhibitor to see and download your own poster.",
  fileNames: {
    invitation: "Invitation {{name}}",
    micro: "Micro-poster {{booth}}",
    zh: "Chinese invitation poster {{booth}}",
    en: "English invitation poster {{booth}}",
  },
  fields: {
    format: "Image format",
    kind: "Poster",
  },
  errors: {
    noBooth: "Images are made for an exhibitor's booth; this account has no booth",
  },
};
export default images;
