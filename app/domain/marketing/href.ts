/** Where the marketing pages live (spec: /account/abocenter/marketing), for links and redirects. */
export const MARKETING_PAGE = "/account/abocenter/marketing";

export const unsubscribePath = (subscriptionId: number, token: string) =>
  `/newsletter/unsubscribe/${subscriptionId}/${token}`;

export const confirmationPath = (token: string) => `/newsletter/confirm/${token}`;
