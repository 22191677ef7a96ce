/** settings.inbox texts (en): the organizer's feedback inbox (issue 51). */
const inbox = {
  title: "Feedback inbox",
  intro: "What exhibitors, carriers and your own staff sent through Feedback, newest first. Mark a feedback handled once it is dealt with.",
  feedback: "Feedback",
  type: "Type",
  state: "Status",
  allTypes: "All types",
  states: {
    open: "Waiting ({{count}})",
    handled: "Handled ({{count}})",
    all: "All",
  },
  sent: "Sent",
  from: "From",
  content: "Content",
  image: "Image",
  openImage: "Open the image",
  noImage: "None",
  waiting: "Waiting",
  handledBy: "Handled {{date}} by {{who}}",
  markHandled: "Mark handled",
  markOpen: "Mark as waiting",
  markedHandled: "Marked as handled",
  markedOpen: "Marked as waiting again",
  empty: "No feedback matches these filters.",
  emptyOpen: "No feedback is waiting.",
  notFound: "This feedback does not exist",
  imageNotFound: "This feedback has no image",
};

export default inbox;
