import { createContext, useContext } from "react";

/** The CSP nonce of this response; only the server knows it (browsers hide it after load). */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
