import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided during server render. Empty in the browser. */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
