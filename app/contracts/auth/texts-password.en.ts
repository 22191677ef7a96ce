/** The invitation (activation) and forgot-password texts (en), issue 39: the pages, the API's messages, the e-mails and SMS. */
const passwordLinks = {
  loginLink: "Forgot password?",
  backToLogin: "Back to sign-in",
  forgot: {
    title: "Forgot password",
    intro: "Enter your user name (exhibitor number), the e-mail or the mobile number of your account.",
    identifier: "User name, e-mail or mobile",
    identifierRequired: "Please enter your user name, e-mail or mobile",
    submit: "Send",
    sent: "If an account matches, we have sent a reset link by e-mail (valid for {{linkMinutes}} minutes) or a code by SMS (valid for {{codeMinutes}} minutes).",
    locked: "Too many requests. Please try again in {{minutes}} minutes.",
    haveCode: "Received a code by SMS? Enter it with your user name and a new password below.",
    askCode: "I have a code from an SMS",
  },
  code: {
    title: "Reset with an SMS code",
    username: "User name",
    usernameRequired: "Please enter your user name",
    code: "SMS code",
    codeRequired: "Please enter the 6-digit code from the SMS",
    submit: "Set password and sign in",
    wrong: "The user name or the code is not right",
    expired: "The code has expired, please ask for a new one",
    tooManyTries: "Too many wrong codes, please ask for a new one",
    locked: "Too many attempts. Please try again in {{minutes}} minutes.",
  },
  link: {
    titleActivate: "Set your password",
    titleReset: "Choose a new password",
    introActivate: "Welcome to the Exhibitor Portal. Choose the password for the account {{username}}; you are signed in when it is saved.",
    introReset: "Choose a new password for the account {{username}}. Other devices signed in to it will be signed out.",
    submit: "Save password and sign in",
    expired: "This link has expired. Activation links are valid for 7 days, reset links for 1 hour.",
    used: "This link has already been used.",
    replaced: "A newer link has been sent; this one no longer works. Please use the newest e-mail or SMS.",
    invalid: "This link is not valid. Please check that it was copied in full.",
    askNew: "Ask for a new link",
  },
  mail: {
    activateSubject: "Your invitation to the Exhibitor Portal",
    activateText:
      "Hello,\n\nYou have been invited to the Exhibitor Portal. Your user name is {{username}}.\nSet your password with this link (valid for {{days}} days, usable once):\n{{link}}\n\nIf you did not expect this e-mail, you can ignore it.",
    activateSms: "Exhibitor Portal: your user name is {{username}}. Set your password within {{days}} days: {{link}}",
    resetSubject: "Reset your Exhibitor Portal password",
    resetText:
      "Hello,\n\nSomeone asked to reset the password of the account {{username}}.\nChoose a new password with this link (valid for {{minutes}} minutes, usable once):\n{{link}}\n\nIf it was not you, ignore this e-mail: your password stays as it is.",
    resetSms:
      "Exhibitor Portal: the code to reset the password of {{username}} is {{code}}, valid for {{minutes}} minutes. If it was not you, ignore this SMS.",
  },
};

export default passwordLinks;
