/** setup texts (en): what a demo database refuses (issue 52, docs/decisions/054). */
const setup = {
  importRefusedOnDemo:
    "This portal runs the demo, whose accounts have published passwords: real exhibitors are not imported into it while e-mail or SMS reach real people. Set up the real exhibition on its own database (docs/operations.md).",
  inviteRefusedOnDemo:
    "This portal runs the demo, whose accounts have published passwords: it sends no invitations to real addresses. Set up the real exhibition on its own database (docs/operations.md).",
};

export default setup;
