/** exhibitor.verify texts (en): contact verification codes (sendSmsCode, sendEmailCode, saving contact 1). */
const verify = {
  required: "Please verify with the code sent to you",
  wrong: "The verification code is incorrect",
  expired: "The verification code has expired, please request a new one",
  tooManyTries: "Too many incorrect attempts, please request a new code",
  noCode: "Please request a verification code first",
  smsFailed: "The SMS could not be sent to this number. Check the number, or try again later",
  emailFailed: "The e-mail could not be sent to this address. Check the address, or try again later",
  tooSoon: "Please wait {{seconds}} seconds before requesting another code",
  tooManySends: "Too many codes requested, please try again in {{minutes}} minutes",
  sent: "A code was sent to {{target}}",
  send: "Send code",
  resendIn: "Resend in {{seconds}}s",
  codeLabel: "Verification code",
  verified: "Verified",
  smsText: "Your verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone.",
  emailSubject: "Your verification code: {{code}}",
  emailText:
    "Hello,\n\nYour verification code is {{code}}. It is valid for {{minutes}} minutes.\n\nDo not share this code with anyone. If you did not request it, you can ignore this e-mail.\n\nExhibitor Portal",
};

export default verify;
