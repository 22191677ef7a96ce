/**
 * The longest text a pass check accepts (a badge's, a truck's or a blue-plate car's signed code, as
 * scanned or typed): longer input is refused at its field and before any work on the server.
 */
export const SIGNED_CODE_MAX_LENGTH = 100;
