import { createContext, useContext } from "react";

/** The response's CSP nonce on the server; empty in the browser, which hides nonces from scripts anyway. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
