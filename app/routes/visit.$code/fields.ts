/** The registration form's text fields, in the order of the form. */
export const VISIT_FIELDS = ["name", "company", "position", "mobile", "smsCode", "email", "countryId", "provinceCode"] as const;

/** What the visitor typed, given back with every answer. */
export type VisitValues = Record<(typeof VISIT_FIELDS)[number], string> & { interests: string[]; consent: boolean; leadConsent: boolean };
