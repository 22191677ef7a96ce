/** Entrusted contractors: the exhibitor's ECReservation page and the contractor's sign-in (en). */
const contractors = {
  fields: {
    companyName: "Contractor company",
    contactName: "Contact person",
    email: "Contractor e-mail",
    booth: "Booth",
    access: "Contractor",
    exhibitorNo: "Exhibitor number",
    code: "One-time code",
  },
  page: {
    title: "Reservation via contractor",
    intro:
      "Entrust a contractor with booking on-site services for your booth. The contractor receives your exhibitor number and a one-time code by e-mail and signs in without your password. A contractor can only book services and follow the orders it placed; uploading the stamped contract and the payment stay with you. You can revoke the access at any time.",
    entrustHeading: "Entrust a contractor",
    emailHint: "The exhibitor number and the one-time code are sent to this address.",
    entrustSubmit: "Entrust and send the code",
    listHeading: "Entrusted contractors",
    empty: "You have not entrusted a contractor yet.",
    contractor: "Contractor",
    access: "Access",
    orders: "Orders",
    actions: "Actions",
    orderSummary: "{{count}} orders, {{total}}",
    resend: "Send a new code",
    revoke: "Revoke access",
    confirmRevoke: "Revoke the access of {{company}}? Their sign-in ends at once and their cart is emptied; orders already placed stay.",
    confirmRevokeYes: "Revoke",
    keep: "Keep the access",
  },
  status: {
    active: "Active",
    revoked: "Revoked",
  },
  codeState: {
    sent: "Code sent, valid until {{date}}",
    used: "Signed in on {{date}}",
    expired: "No valid code: send a new one",
    revoked: "Revoked on {{date}}",
  },
  notices: {
    entrusted: "The contractor has been entrusted; the exhibitor number and a one-time code have been sent by e-mail.",
    resent: "A new code has been sent by e-mail; the previous code no longer works.",
    revoked: "The contractor's access has been revoked.",
  },
  signIn: {
    title: "Contractor sign-in",
    heading: "Sign in as an entrusted contractor",
    intro: "Enter the exhibitor number and the one-time code from the e-mail the exhibitor had sent to you. No password is needed.",
    codeHint: "8 letters and digits; each code works once.",
    chineseOnly: "The service booking pages are in Chinese: after signing in the portal continues in Chinese.",
    submit: "Sign in",
    exhibitorLogin: "Exhibitor sign-in",
    link: "Entrusted contractor? Sign in with a code",
  },
  email: {
    subject: "{{exhibitor}} entrusted you with booking services for booth {{booth}}",
    text: "Hello {{contact}},\n\n{{exhibitor}} has entrusted {{company}} with booking on-site services for booth {{booth}} in the exhibitor portal.\n\nExhibitor number: {{exhibitorNo}}\nOne-time code: {{code}}\n\nSign in at {{link}} (choose 'Entrusted contractor'). The code works once and until {{expires}}; if it has expired, ask the exhibitor to send a new one.\n\nIf you do not know this exhibitor, ignore this e-mail.",
  },
  errors: {
    wrongCode: "The exhibitor number or the code is not correct, or the code has expired or was used. Ask the exhibitor to send a new code.",
    alreadyEntrusted: "This contractor is already entrusted with this booth: send a new code instead.",
    tooMany: "At most {{max}} contractors can be entrusted at the same time: revoke one first.",
    sendFailed: "The e-mail could not be sent. Please try again later.",
    resendTooSoon: "A code was just sent. Please wait {{seconds}} seconds before sending another.",
    revoked: "This access has been revoked.",
  },
};

export default contractors;
