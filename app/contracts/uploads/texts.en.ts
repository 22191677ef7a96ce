/** The upload component and the storage calls (docs/product.md § Service orders / Uploads / Messages and errors). */
const uploads = {
  choose: "Choose file",
  accepted: "Accepted formats: {{formats}}; maximum size {{size}}; up to {{count}} file(s)",
  uploading: "Uploading {{name}}: {{percent}}%",
  uploaded: "Uploaded",
  remove: "Remove",
  confirmRemove: "Remove {{name}}?",
  removeKeep: "Keep",
  tooLarge: "{{name}} is larger than {{size}}, please choose a smaller file",
  tooMany: "At most {{count}} file(s) can be uploaded",
  typeNotAllowed: "Only {{formats}} files can be uploaded",
  tooManyPixels: "This picture has too many pixels (width × height at most {{megapixels}} million); please make it smaller and upload it again",
  typeMismatch: "The content of this file is not one of {{formats}}; it was not accepted",
  videoCodec: "The video must be an MP4 file with H.264 video and AAC audio",
  empty: "The file is empty",
  notFound: "The uploaded file was not found, please upload it again",
  tooManyPending:
    "This account has too many unfinished uploads ({{count}}). Let the uploads in progress finish, or try again later: unfinished uploads are cleared after {{hours}} hours",
  wait: "Please wait until the upload has finished",
  failed: "Operation failed",
  folderInvalid: "This upload is not allowed",
  nameRequired: "The file needs a name",
  nameLabel: "File name",
  keyLabel: "Stored file",
  kindsLabel: "File types",
  noJsHint: "The file is uploaded when you submit the form.",
  current: "Current file: {{name}}",
};

export default uploads;
