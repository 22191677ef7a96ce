/** Translation behind an interface so the provider can change without touching routes. */
export type TranslateRequest = { content: string; from: string; to: string };

export interface Translator {
  readonly configured: boolean;
  translate(request: TranslateRequest): Promise<string>;
}
